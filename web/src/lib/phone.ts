// Phone numbers as a Kigali shopper reads them.

/** 0788 123 456 for +250788123456; any other number as given. */
export function localNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = /^2507\d{8}$/.test(digits) ? `0${digits.slice(3)}` : digits;
  return local.length === 10 ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : phone;
}
