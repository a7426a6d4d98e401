// The staff account the console specs sign in with, made on the e2e database before the server
// starts (PGlite is one process's database, so `npm run staff -- add` cannot run beside the server).
// As the shop's first staff member it is the owner too, so it reaches the Staff page.
export const E2E_STAFF = {
  fullName: 'Claudine Staff',
  email: 'staff.e2e@isoko.test',
  phoneNumber: '+250788900100',
  password: 'staff-secret-1',
} as const;

/** Where the e2e server writes its fake SMS provider's address (the fake listens on a free port). */
export function fakeSmsUrlFile(port: string | number): string {
  return `.tmp/e2e-sms-${port}.url`;
}

/** Where the e2e server writes the address of its SMTP server's log (GET answers the messages it received). */
export function fakeSmtpLogFile(port: string | number): string {
  return `.tmp/e2e-smtp-${port}.url`;
}

/** Where the e2e server writes its fake MTN MoMo's address (POST /__settle and /__next control it). */
export function fakeMomoUrlFile(port: string | number): string {
  return `.tmp/e2e-momo-${port}.url`;
}
