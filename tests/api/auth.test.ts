// /api/auth/*: register, login, forgot-password and reset-password (docs/api.md, docs/product.md sections 5 and 8).
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { backgroundSettled } from '../../server/lib/background';
import { sha256 } from '../../server/lib/secrets';
import { MAX_RESET_CODES_PER_HOUR, RESET_CODE_MAX_ATTEMPTS } from '../../server/modules/users/accounts.service';
import { createTestShop, lastMessageTo, uniqueEmail, uniquePhone, verifyShopperPhone, type TestShop } from '../support/test-app';
import { expectErrorShape, expectFieldErrors, expectNoInternals, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const register = (body: Record<string, unknown>) => shop.http.post('/api/auth/register').send(body);
const login = (identifier: string, password: string) => shop.http.post('/api/auth/login').send({ identifier, password });
const account = (token: string) => shop.http.get('/api/user/account').set('Authorization', `Bearer ${token}`);

/** A local Rwandan spelling of a +2507… number: 07xx xxx xxx. */
function localSpelling(phone: string): string {
  const local = `0${phone.slice(4)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

function codeIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`no 6-digit code in: ${body}`);
  return match[1];
}

describe('POST /auth/register', () => {
  it('creates an account with email and phone, signs it in and never returns the password', async () => {
    const email = uniqueEmail('both');
    const phoneNumber = uniquePhone();
    const response = await register({ fullName: '  Aline Uwase ', email, phoneNumber, password: 'secret-123' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String), token: expect.any(String) });
    expect(response.body.user).toEqual({ _id: expect.any(String), fullName: 'Aline Uwase', email, phoneNumber, phoneVerified: false, roles: ['shopper'] });
    expect(response.text).not.toMatch(/secret-123|scrypt|password/i);
    // The token it gives is a working session.
    const me = await account(response.body.token);
    expect(me.status).toBe(200);
    expect(me.body._id).toBe(response.body.user._id);
  });

  it('accepts an email only', async () => {
    const email = uniqueEmail('only-email');
    const response = await register({ fullName: 'Email Only', email, password: 'secret-123' });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({ _id: expect.any(String), fullName: 'Email Only', email, roles: ['shopper'] });
    expect((await login(email, 'secret-123')).status).toBe(200);
  });

  it('accepts a phone only, in the local 07… spelling, stored as +250…', async () => {
    const phone = uniquePhone();
    const response = await register({ fullName: 'Phone Only', phoneNumber: `0${phone.slice(4)}`, password: 'secret-123' });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({ _id: expect.any(String), fullName: 'Phone Only', phoneNumber: phone, phoneVerified: false, roles: ['shopper'] });
    expect((await login(phone, 'secret-123')).status).toBe(200);
  });

  it('rejects a second account with the same email, in any case', async () => {
    const email = uniqueEmail('dupe');
    expect((await register({ fullName: 'First', email, password: 'secret-123' })).status).toBe(201);
    const again = await register({ fullName: 'Second', email: email.toUpperCase(), password: 'secret-456' });
    expect([400, 409]).toContain(again.status);
    expect(again.body.success).toBe(false);
    expect(again.body.errors).toContainEqual({ msg: expect.stringMatching(/email/i), param: 'email' });
    expectNoInternals(again);
    // The first account keeps its password.
    expect((await login(email, 'secret-123')).status).toBe(200);
    expect((await login(email, 'secret-456')).status).toBe(400);
  });

  it('rejects a second account with a verified phone in another spelling', async () => {
    const phone = uniquePhone();
    const first = await register({ fullName: 'First', email: uniqueEmail(), phoneNumber: phone, password: 'secret-123' });
    expect(first.status).toBe(201);
    await verifyShopperPhone(shop, { ...first.body, password: 'secret-123', auth: { Authorization: `Bearer ${first.body.token}` } });
    const again = await register({ fullName: 'Second', phoneNumber: localSpelling(phone), password: 'secret-456' });
    expect([400, 409]).toContain(again.status);
    expect(again.body.errors).toContainEqual({ msg: expect.stringMatching(/phone/i), param: 'phoneNumber' });
  });

  it('makes one account when the same email signs up twice at once, and never a 500', async () => {
    const email = uniqueEmail('race');
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () => register({ fullName: 'Racer', email, password: 'secret-123' })),
    );
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of attempts.filter((r) => r.status !== 201)) {
      expect([400, 409]).toContain(response.status);
      expect(response.body.errors).toContainEqual({ msg: expect.any(String), param: 'email' });
      expectNoInternals(response);
    }
  });

  it('names each missing or bad field with its message', async () => {
    expectFieldErrors(await register({}), {
      fullName: 'Full name is required',
      email: 'Email is required',
      phoneNumber: 'Phone number is required',
      password: 'Password is required',
    });
    expectFieldErrors(await register({ fullName: '   ', email: uniqueEmail(), password: 'secret-123' }), {
      fullName: 'Full name is required',
    });
    expectFieldErrors(await register({ fullName: 'A', email: 'not-an-email', password: 'secret-123' }), {
      email: 'Invalid email format',
    });
    expectFieldErrors(await register({ fullName: 'A', phoneNumber: 'call me', password: 'secret-123' }), {
      phoneNumber: 'Invalid phone number format',
    });
    expectFieldErrors(await register({ fullName: 'A', email: uniqueEmail(), password: '12345' }), {
      password: 'Password must be at least 6 characters',
    });
  });

  it('refuses wrong types as a 400, not a 500', async () => {
    const response = await register({ fullName: 42, email: ['x'], phoneNumber: { n: 1 }, password: null });
    expectErrorShape(response, 400);
    expect(response.body.errors.map((e: { param: string }) => e.param)).toEqual(
      expect.arrayContaining(['fullName', 'password']),
    );
  });
});

describe('POST /auth/login', () => {
  let email: string;
  let phone: string;
  beforeAll(async () => {
    email = uniqueEmail('login');
    phone = uniquePhone();
    await register({ fullName: 'Login Tester', email, phoneNumber: phone, password: 'right-pass' });
  });

  it('signs in by email in another case and with spaces around it', async () => {
    const response = await login(`  ${email.toUpperCase()} `, 'right-pass');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, token: expect.any(String), user: { email, phoneNumber: phone } });
    expect(response.text).not.toMatch(/right-pass|scrypt|password_hash/);
    expect((await account(response.body.token)).body.email).toBe(email);
  });

  it('signs in by phone as +250…, 250… and 07xx xxx xxx', async () => {
    for (const spelling of [phone, phone.slice(1), localSpelling(phone)]) {
      const response = await login(spelling, 'right-pass');
      expect(response.status, spelling).toBe(200);
      expect(response.body.user.phoneNumber).toBe(phone);
    }
  });

  it('answers 400 "Invalid credentials" (never 401) for a wrong password or an unknown account', async () => {
    for (const [identifier, password] of [
      [email, 'wrong-pass'],
      [uniqueEmail('nobody'), 'right-pass'],
      [uniquePhone(), 'right-pass'],
      ['not an identifier', 'right-pass'],
    ]) {
      const response = await login(identifier, password);
      expectErrorShape(response, 400, 'Invalid credentials');
      expect(response.body.token).toBeUndefined();
    }
  });

  it('names the missing identifier and password', async () => {
    expectFieldErrors(await shop.http.post('/api/auth/login').send({}), {
      identifier: 'Please provide an email or phone number',
      password: 'Password is required',
    });
    expectFieldErrors(await login('   ', 'x'), { identifier: 'Please provide an email or phone number' });
  });

  it('issues a different token on every login, each one working', async () => {
    const first = await login(email, 'right-pass');
    const second = await login(email, 'right-pass');
    expect(first.body.token).not.toBe(second.body.token);
    expect((await account(first.body.token)).status).toBe(200);
    expect((await account(second.body.token)).status).toBe(200);
  });
});

describe('password reset', () => {
  const forgot = (body: Record<string, unknown>) => shop.http.post('/api/auth/forgot-password').send(body);
  const reset = (body: Record<string, unknown>) => shop.http.post('/api/auth/reset-password').send(body);

  it('answers the same whether or not the account exists, and sends a code only to a real one', async () => {
    const shopper = await shop.newShopper();
    const known = await forgot({ email: shopper.user.email });
    const ghost = uniqueEmail('ghost');
    const unknown = await forgot({ email: ghost });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, message: expect.any(String) });
    expect(await lastMessageTo(shop.deps, ghost)).toBeUndefined();
    const message = await lastMessageTo(shop.deps, shopper.user.email!);
    expect(message?.body).toMatch(/\b\d{6}\b/);

    const unknownPhone = await forgot({ phoneNumber: uniquePhone() });
    expect(unknownPhone.body).toEqual(known.body);
  });

  it('needs an email or a phone number', async () => {
    const response = await forgot({});
    expectErrorShape(response, 400);
    expect(response.body.errors[0].msg).toBe('Please provide an email or phone number');
  });

  it('resets with the right code: new password works, old one stops, old sessions end, code is single-use', async () => {
    const shopper = await shop.newShopper({ password: 'old-password' });
    const otherSession = await login(shopper.user.email!, 'old-password');
    await forgot({ email: shopper.user.email });
    const code = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);

    const response = await reset({ email: shopper.user.email, code, password: 'new-password' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Password updated successfully!' });

    expectErrorShape(await login(shopper.user.email!, 'old-password'), 400, 'Invalid credentials');
    expect((await login(shopper.user.email!, 'new-password')).status).toBe(200);
    expectTokenRejected(await account(shopper.token));
    expectTokenRejected(await account(otherSession.body.token));

    // The same code cannot be used twice.
    expectErrorShape(await reset({ email: shopper.user.email, code, password: 'third-password' }), 400);
    expect((await login(shopper.user.email!, 'new-password')).status).toBe(200);
  });

  it('works by phone number, the code going out by SMS to the account', async () => {
    const phone = uniquePhone();
    await shop.newShopper({ email: undefined, phoneNumber: phone, password: 'old-password' });
    expect((await forgot({ phoneNumber: localSpelling(phone) })).status).toBe(200);
    const message = await lastMessageTo(shop.deps, phone);
    expect(message?.channel).toBe('sms');
    const response = await reset({ phoneNumber: phone, code: codeIn(message!.body), password: 'new-password' });
    expect(response.status).toBe(200);
    expect((await login(localSpelling(phone), 'new-password')).status).toBe(200);
  });

  it('refuses a wrong code with 400 and leaves the password alone', async () => {
    const shopper = await shop.newShopper({ password: 'keep-this' });
    await forgot({ email: shopper.user.email });
    const code = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await reset({ email: shopper.user.email, code: wrong, password: 'taken-over' });
    expectErrorShape(response, 400);
    expect(response.body.errors).toContainEqual({ msg: expect.any(String), param: 'code' });
    expect((await login(shopper.user.email!, 'keep-this')).status).toBe(200);
    expect((await account(shopper.token)).status).toBe(200);
  });

  it('locks the code after 5 wrong tries: even the right code then fails', async () => {
    const shopper = await shop.newShopper({ password: 'keep-this' });
    await forgot({ email: shopper.user.email });
    const code = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let n = 1; n <= 5; n += 1) {
      expectErrorShape(await reset({ email: shopper.user.email, code: wrong(n), password: 'taken-over' }), 400);
    }
    expectErrorShape(await reset({ email: shopper.user.email, code, password: 'taken-over' }), 400);
    expect((await login(shopper.user.email!, 'keep-this')).status).toBe(200);
    // A new code works again.
    await forgot({ email: shopper.user.email });
    const fresh = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    expect((await reset({ email: shopper.user.email, code: fresh, password: 'finally-mine' })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const shopper = await shop.newShopper({ password: 'keep-this' });
    await forgot({ email: shopper.user.email });
    const code = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    await shop.deps.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', shopper.user._id)
      .execute();
    expectErrorShape(await reset({ email: shopper.user.email, code, password: 'taken-over' }), 400);
    expect((await login(shopper.user.email!, 'keep-this')).status).toBe(200);
  });

  it('only the newest code works after asking twice', async () => {
    const shopper = await shop.newShopper({ password: 'keep-this' });
    await forgot({ email: shopper.user.email });
    const first = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    await forgot({ email: shopper.user.email });
    const second = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    if (first !== second) {
      expectErrorShape(await reset({ email: shopper.user.email, code: first, password: 'taken-over' }), 400);
    }
    expect((await reset({ email: shopper.user.email, code: second, password: 'new-one-1' })).status).toBe(200);
  });

  it('refuses a code for an account that does not exist, and validates its input', async () => {
    expectErrorShape(await reset({ email: uniqueEmail('ghost'), code: '123456', password: 'whatever-1' }), 400);
    expectFieldErrors(await reset({ email: uniqueEmail(), code: '123456', password: '123' }), {
      password: 'Password must be at least 6 characters',
    });
    const badCode = await reset({ email: uniqueEmail(), code: '12ab', password: 'secret-123' });
    expectErrorShape(badCode, 400);
    expect(badCode.body.errors.map((e: { param: string }) => e.param)).toContain('code');
  });

  it('never stores a code in the clear', async () => {
    const shopper = await shop.newShopper();
    await forgot({ email: shopper.user.email });
    const code = codeIn((await lastMessageTo(shop.deps, shopper.user.email!))!.body);
    const rows = await shop.deps.db.selectFrom('password_reset_codes').selectAll().where('user_id', '=', shopper.user._id).execute();
    expect(rows).toHaveLength(1);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(code);
  });
});

/** The app over the test database, trusting X-Forwarded-For (as behind the shop's proxy) so each call says who sends it. */
function appFrom(db = shop.deps.db) {
  const app = createApp({ ...shop.deps, db, config: loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', TRUST_PROXY: 'true' }) });
  return (path: string, body: Record<string, unknown>, from: string) =>
    app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from }, body: JSON.stringify(body) });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('a reset tells no one whether an account exists, and a stranger cannot spend the owner\'s codes', () => {
  it('a wrong code runs the same statements for a known account with a live code as for an unknown one', async () => {
    const statements: string[] = [];
    // Records the SQL of every statement the app runs (its text, not its values).
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(shop.deps.db.getExecutor().compileQuery(args.node, args.queryId).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const recorded = shop.deps.db.withPlugin(recorder);
    const post = appFrom(recorded);
    const shopper = await shop.newShopper();
    await post('/api/auth/forgot-password', { email: shopper.user.email }, '198.51.100.20');
    // The code is sent in the background, on the recorded database: done before the tries are recorded.
    await backgroundSettled({ db: recorded });
    expect(await lastMessageTo(shop.deps, shopper.user.email!)).toBeDefined();
    const run = async (email: string) => {
      statements.length = 0;
      const response = await post('/api/auth/reset-password', { email, code: '000000', password: 'taken-over' }, '198.51.100.21');
      expect(response.status).toBe(400);
      return [...statements];
    };
    const known = await run(shopper.user.email!);
    const unknown = await run(uniqueEmail('ghost'));
    expect(known.length).toBeGreaterThan(2);
    expect(unknown).toEqual(known);
  });

  it('answers a wrong code as fast for a known account as for an unknown one (medians of many interleaved tries)', async () => {
    const post = appFrom();
    const shopper = await shop.newShopper();
    const timed = async (email: string, from: string) => {
      const started = performance.now();
      const response = await post('/api/auth/reset-password', { email, code: '000000', password: 'taken-over' }, from);
      const ms = performance.now() - started;
      expect(response.status).toBe(400);
      return ms;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 160; round += 1) {
      // A live code all along: asked for again now and then (each from a requester of its own).
      if (round % 30 === 0) {
        await post('/api/auth/forgot-password', { email: shopper.user.email }, `198.51.101.${round}`);
        await lastMessageTo(shop.deps, shopper.user.email!);
      }
      // Each pair from its own address (no limit reached), in turn first, so drift falls on both.
      const from = `203.0.113.${round % 250}`;
      const ghost = uniqueEmail('ghost');
      if (round % 2) {
        known.push(await timed(shopper.user.email!, from));
        unknown.push(await timed(ghost, from));
      } else {
        unknown.push(await timed(ghost, from));
        known.push(await timed(shopper.user.email!, from));
      }
    }
    // Warm-up left out; before, a known account's answer took twice an unknown one's or more.
    const ratio = median(known.slice(20)) / median(unknown.slice(20));
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
  });

  it('a stranger asking for codes and guessing from another address leaves the owner able to reset', async () => {
    const post = appFrom();
    const stranger = '198.51.100.66';
    const owner = '203.0.113.77';
    const shopper = await shop.newShopper({ password: 'owners-own' });
    const email = shopper.user.email!;
    const sentCodes = async () => {
      await lastMessageTo(shop.deps, email);
      return (await shop.deps.db.selectFrom('outbox').select('body').where('recipient', '=', email).where('kind', '=', 'reset_code').execute()).length;
    };
    // The stranger asks for more codes than an hour allows, and guesses each code they cause.
    for (let asked = 0; asked < MAX_RESET_CODES_PER_HOUR + 2; asked += 1) {
      expect((await post('/api/auth/forgot-password', { email }, stranger)).status).toBe(200);
    }
    expect(await sentCodes()).toBe(MAX_RESET_CODES_PER_HOUR);
    // The owner asks now: a code still comes, and the stranger's guesses at it do not use the owner's tries.
    await post('/api/auth/forgot-password', { email }, owner);
    expect(await sentCodes()).toBe(MAX_RESET_CODES_PER_HOUR + 1);
    const code = codeIn((await lastMessageTo(shop.deps, email))!.body);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    for (let n = 1; n <= RESET_CODE_MAX_ATTEMPTS + 3; n += 1) {
      expect((await post('/api/auth/reset-password', { email, code: wrong(n), password: 'taken-over' }, stranger)).status).toBe(400);
    }
    // Past their 5 tries, even the right code fails for the stranger...
    expect((await post('/api/auth/reset-password', { email, code, password: 'taken-over' }, stranger)).status).toBe(400);
    // ...and the owner, who has made a mistake too, still resets with it.
    expect((await post('/api/auth/reset-password', { email, code: wrong(99), password: 'mistyped' }, owner)).status).toBe(400);
    const reset = await post('/api/auth/reset-password', { email, code, password: 'owners-new' }, owner);
    expect(reset.status).toBe(200);
    expect((await login(email, 'owners-new')).status).toBe(200);
  });
});

describe('tokens', () => {
  it('are stored hashed and expire', async () => {
    const shopper = await shop.newShopper();
    const stored = await shop.deps.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', shopper.user._id).execute();
    expect(stored.map((row) => row.token_hash)).toContain(sha256(shopper.token));
    expect(JSON.stringify(stored)).not.toContain(shopper.token);

    await shop.deps.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256(shopper.token))
      .execute();
    expectTokenRejected(await account(shopper.token));
  });
});
