// /api/user/*: the signed-in shopper's session and own record (docs/api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, uniqueEmail, uniquePhone, verifyShopperPhone, type TestShop } from '../support/test-app';
import { expectErrorShape, expectFieldErrors, expectTokenRejected } from './expectations';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

const login = (identifier: string, password: string) => shop.http.post('/api/auth/login').send({ identifier, password });

describe('GET /user/is-auth', () => {
  it('confirms the session with the user under `user`, `id` not `_id`', async () => {
    const shopper = await shop.newShopper({ fullName: 'Jean Bosco' });
    const response = await shop.http.get('/api/user/is-auth').set(shopper.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: { id: shopper.user._id, fullName: 'Jean Bosco', email: shopper.user.email, phoneNumber: shopper.user.phoneNumber, phoneVerified: false, roles: ['shopper'] },
    });
  });
});

describe('GET /user/account', () => {
  it("gives the shopper's own record at the top level, with no password", async () => {
    const shopper = await shop.newShopper({ fullName: 'Claudine M.' });
    const response = await shop.http.get('/api/user/account').set(shopper.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      _id: shopper.user._id,
      fullName: 'Claudine M.',
      email: shopper.user.email,
      phoneNumber: shopper.user.phoneNumber,
      roles: ['shopper'],
      phoneVerified: false,
    });
    expect(response.text).not.toMatch(/password|scrypt|hash/i);
  });

  it('leaves out the contact a phone-only shopper does not have', async () => {
    const phone = uniquePhone();
    const shopper = await shop.newShopper({ email: undefined, phoneNumber: phone });
    const response = await shop.http.get('/api/user/account').set(shopper.auth);
    expect(response.body).toEqual({ success: true, _id: shopper.user._id, fullName: 'Test Shopper', phoneNumber: phone, phoneVerified: false, roles: ['shopper'] });
  });
});

describe('every /user call needs a live token', () => {
  const calls: Array<[string, string]> = [
    ['get', '/api/user/is-auth'],
    ['get', '/api/user/account'],
    ['put', '/api/user/updateProfile'],
    ['put', '/api/user/updatePassword'],
    ['get', '/api/user/logout'],
    ['post', '/api/user/logout'],
  ];

  it('401 with "token" for a missing, garbage, or non-Bearer Authorization header', async () => {
    for (const [method, path] of calls) {
      const request = () => (shop.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path);
      expectTokenRejected(await request());
      expectTokenRejected(await request().set('Authorization', 'Bearer not-a-real-token'));
      expectTokenRejected(await request().set('Authorization', 'Bearer '));
      expectTokenRejected(await request().set('Authorization', 'Basic dXNlcjpwYXNz'));
    }
  });
});

describe('logout', () => {
  it('revokes only the token it was called with', async () => {
    const shopper = await shop.newShopper();
    const second = await login(shopper.user.email!, shopper.password);
    const response = await shop.http.get('/api/user/logout').set(shopper.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Logged out successfully' });
    expectTokenRejected(await shop.http.get('/api/user/is-auth').set(shopper.auth));
    expectTokenRejected(await shop.http.get('/api/cart').set(shopper.auth));
    expectTokenRejected(await shop.http.get('/api/user/logout').set(shopper.auth));
    // The other session goes on.
    expect((await shop.http.get('/api/user/account').set('Authorization', `Bearer ${second.body.token}`)).status).toBe(200);
  });

  it('works by POST too', async () => {
    const shopper = await shop.newShopper();
    expect((await shop.http.post('/api/user/logout').set(shopper.auth)).status).toBe(200);
    expectTokenRejected(await shop.http.get('/api/user/account').set(shopper.auth));
  });
});

describe('PUT /user/updateProfile', () => {
  it('changes name, email and phone; the new email and phone sign in', async () => {
    const shopper = await shop.newShopper();
    const email = uniqueEmail('renamed');
    const phone = uniquePhone();
    const response = await shop.http
      .put('/api/user/updateProfile')
      .set(shopper.auth)
      .send({ fullName: 'New Name', email: email.toUpperCase(), phoneNumber: `0${phone.slice(4)}` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Profile updated successfully',
      user: { _id: shopper.user._id, fullName: 'New Name', email, phoneNumber: phone, phoneVerified: false, roles: ['shopper'] },
    });
    const me = await shop.http.get('/api/user/account').set(shopper.auth);
    expect(me.body).toMatchObject({ fullName: 'New Name', email, phoneNumber: phone });
    expect((await login(email, shopper.password)).status).toBe(200);
    expect((await login(phone, shopper.password)).status).toBe(200);
    expect((await login(shopper.user.email!, shopper.password)).status).toBe(400);
  });

  it('changes the password when one is given, and keeps it when not', async () => {
    const shopper = await shop.newShopper({ password: 'first-pass' });
    const keep = { fullName: 'Same', email: shopper.user.email, phoneNumber: shopper.user.phoneNumber };
    expect((await shop.http.put('/api/user/updateProfile').set(shopper.auth).send(keep)).status).toBe(200);
    expect((await login(shopper.user.email!, 'first-pass')).status).toBe(200);
    const changed = await shop.http.put('/api/user/updateProfile').set(shopper.auth).send({ ...keep, password: 'second-pass' });
    expect(changed.status).toBe(200);
    expect(changed.text).not.toContain('second-pass');
    expect((await login(shopper.user.email!, 'second-pass')).status).toBe(200);
    expect((await login(shopper.user.email!, 'first-pass')).status).toBe(400);
  });

  it('names bad fields with their messages, as a list of strings a client can show', async () => {
    const shopper = await shop.newShopper();
    const update = (body: Record<string, unknown>) => shop.http.put('/api/user/updateProfile').set(shopper.auth).send(body);
    const refused = async (body: Record<string, unknown>, message: string) => {
      const response = await update(body);
      expectErrorShape(response, 400, message);
      expect(response.body.errors).toEqual([message]);
    };
    await refused({ fullName: '', email: shopper.user.email }, 'Full name is required');
    await refused({ fullName: 'A', email: 'nope' }, 'Invalid or missing email');
    await refused({ fullName: 'A', email: shopper.user.email, phoneNumber: '+0123' }, 'Invalid phone number');
    await refused({ fullName: 'A', email: shopper.user.email, password: '12345' }, 'Password must be at least 6 characters');
    // Nothing was changed by the refused updates.
    expect((await shop.http.get('/api/user/account').set(shopper.auth)).body.fullName).toBe('Test Shopper');
  });

  it("refuses another account's email or verified phone with 409 and errors as strings naming the field, and changes nothing", async () => {
    const owner = await shop.newShopper();
    await verifyShopperPhone(shop, owner);
    const other = await shop.newShopper({ fullName: 'Other' });
    const takenEmail = await shop.http
      .put('/api/user/updateProfile')
      .set(other.auth)
      .send({ fullName: 'Thief', email: owner.user.email, phoneNumber: other.user.phoneNumber });
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body).toMatchObject({ success: false, message: 'An account with this email already exists' });
    expect(takenEmail.body.errors).toEqual(['An account with this email already exists']);

    const takenPhone = await shop.http
      .put('/api/user/updateProfile')
      .set(other.auth)
      .send({ fullName: 'Thief', email: other.user.email, phoneNumber: owner.user.phoneNumber });
    expect(takenPhone.status).toBe(409);
    expect(takenPhone.body.errors).toEqual(['An account with this phone number already exists']);

    const me = await shop.http.get('/api/user/account').set(other.auth);
    expect(me.body).toMatchObject({ fullName: 'Other', email: other.user.email, phoneNumber: other.user.phoneNumber });
    expect((await login(owner.user.email!, owner.password)).body.user._id).toBe(owner.user._id);
  });

  it('keeps {msg, param} errors on the other calls', async () => {
    const response = await shop.http.post('/api/auth/register').send({ fullName: '', password: 'secret-123', email: 'x@example.rw' });
    expect(response.body.errors[0]).toEqual({ msg: 'Full name is required', param: 'fullName' });
  });
});

describe('PUT /user/updatePassword', () => {
  it("changes the caller's password, with or without their own email or phone in the body", async () => {
    const shopper = await shop.newShopper({ password: 'first-pass' });
    const first = await shop.http.put('/api/user/updatePassword').set(shopper.auth).send({ password: 'second-pass' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: expect.any(String) });
    expect((await login(shopper.user.email!, 'second-pass')).status).toBe(200);
    expect((await login(shopper.user.email!, 'first-pass')).status).toBe(400);

    const withOwn = await shop.http
      .put('/api/user/updatePassword')
      .set(shopper.auth)
      .send({ email: shopper.user.email!.toUpperCase(), phoneNumber: shopper.user.phoneNumber, password: 'third-pass' });
    expect(withOwn.status).toBe(200);
    expect((await login(shopper.user.email!, 'third-pass')).status).toBe(200);
  });

  it("refuses to change another account's password, named by email or phone", async () => {
    const victim = await shop.newShopper({ password: 'victim-pass' });
    const attacker = await shop.newShopper({ password: 'attacker-pass' });
    for (const body of [
      { email: victim.user.email, password: 'hijacked' },
      { phoneNumber: victim.user.phoneNumber, password: 'hijacked' },
      { email: attacker.user.email, phoneNumber: victim.user.phoneNumber, password: 'hijacked' },
    ]) {
      const response = await shop.http.put('/api/user/updatePassword').set(attacker.auth).send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.success).toBe(false);
    }
    expect((await login(victim.user.email!, 'victim-pass')).status).toBe(200);
    expect((await login(victim.user.email!, 'hijacked')).status).toBe(400);
    expect((await login(attacker.user.email!, 'attacker-pass')).status).toBe(200);
  });

  it('asks for a password of at least 6 characters', async () => {
    const shopper = await shop.newShopper();
    expectFieldErrors(await shop.http.put('/api/user/updatePassword').set(shopper.auth).send({}), {
      password: 'Password is required',
    });
    expectFieldErrors(await shop.http.put('/api/user/updatePassword').set(shopper.auth).send({ password: 'abc' }), {
      password: 'Password must be at least 6 characters',
    });
    expect((await login(shopper.user.email!, shopper.password)).status).toBe(200);
  });

  it('is refused without a token', async () => {
    expectTokenRejected(await shop.http.put('/api/user/updatePassword').send({ password: 'whatever-1' }));
    expectErrorShape(await shop.http.put('/api/user/updatePassword').send({ password: 'whatever-1' }), 401);
  });
});
