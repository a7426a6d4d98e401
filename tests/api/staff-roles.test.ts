// Roles beyond staff: who reaches which /api/admin call (each call's declared roles, checked on every
// request), the owner's Staff calls (grant, add, take one role or all, never the shop's last owner),
// the role each order history row was made in, and a role taken away counting at once on every
// instance (two apps on one database; on PostgreSQL each with its own connections).
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/connect';
import { silentLogger } from '../../server/lib/logger';
import { outboxNotifier } from '../../server/lib/notifier';
import { addFromShell, grantStaff, removeFromShell, revokeFromMember } from '../../server/modules/users/staff-members.service';
import { postgresUrl, seededPostgresDatabase } from '../support/database';
import { findOrCreatePhoneAccount } from '../../server/modules/users/accounts.service';
import { createTestShop, uniquePhone, type Shopper, type TestShop } from '../support/test-app';
import { address, expectErrorShape } from './expectations';

let shop: TestShop;
let owner: Shopper;
let staff: Shopper;
let rider: Shopper;
let packer: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  shop = await createTestShop();
  [owner, staff, rider, packer, shopper] = await Promise.all(
    ['Olive Owner', 'Grace Staff', 'Rose Rider', 'Paul Packer', 'Aline Umutoni'].map((fullName) => shop.newVerifiedShopper({ fullName })),
  );
  // The shell's way: the first console member of a shop is its owner too.
  expect((await addFromShell(shop.deps, owner.user.email!, 'staff')).madeOwner).toBe(true);
  await grantStaff(shop.deps, staff.user.email!);
  await addFromShell(shop.deps, rider.user.phoneNumber!, 'rider');
  await addFromShell(shop.deps, packer.user.email!, 'packer');
});
afterAll(async () => shop.close());

const get = (path: string, who: Shopper) => shop.http.get(path).set(who.auth);

describe('who reaches the console', () => {
  it('a rider and a packer are refused the console ("Staff only"), a shopper too', async () => {
    for (const who of [rider, packer, shopper]) {
      for (const path of ['/api/admin/orders', '/api/admin/dashboard', '/api/admin/products', '/api/admin/delivery']) {
        expectErrorShape(await get(path, who), 403, 'Staff only');
      }
      expect((await get('/api/admin/orders', who)).body.error).toBe('forbidden');
    }
  });

  it("staff reach the daily work but are refused the owner's Staff calls (\"Owner only\")", async () => {
    expect((await get('/api/admin/orders', staff)).status).toBe(200);
    expect((await get('/api/admin/dashboard', staff)).status).toBe(200);
    expectErrorShape(await get('/api/admin/staff', staff), 403, 'Owner only');
    expectErrorShape(await shop.http.post('/api/admin/staff').set(staff.auth).send({ identifier: shopper.user.email }), 403, 'Owner only');
    expectErrorShape(await shop.http.delete(`/api/admin/staff/${rider.user._id}/roles/rider`).set(staff.auth), 403, 'Owner only');
    // Nothing changed: the shopper is still a shopper, the rider still a rider.
    expect((await get('/api/user/is-auth', shopper)).body.user.roles).toEqual(['shopper']);
    expect((await get('/api/user/is-auth', rider)).body.user.roles).toEqual(['shopper', 'rider']);
  });

  it('the owner reaches both', async () => {
    expect((await get('/api/admin/orders', owner)).status).toBe(200);
    expect((await get('/api/admin/staff', owner)).status).toBe(200);
  });

  it('an unknown /api/admin path: 401 without a token before any 404', async () => {
    expectErrorShape(await shop.http.get('/api/admin/no-such-thing'), 401);
    expect((await get('/api/admin/no-such-thing', owner)).status).toBe(404);
  });

  it('login, is-auth and account carry the roles, shopper first', async () => {
    const login = await shop.http.post('/api/auth/login').send({ identifier: owner.user.email, password: owner.password });
    expect(login.body.user.roles).toEqual(['shopper', 'staff', 'owner']);
    expect((await get('/api/user/is-auth', owner)).body.user.roles).toEqual(['shopper', 'staff', 'owner']);
    expect((await get('/api/user/account', staff)).body.roles).toEqual(['shopper', 'staff']);
    expect((await get('/api/user/account', shopper)).body.roles).toEqual(['shopper']);
  });
});

describe("the owner's Staff calls", () => {
  it('list everyone holding a role, with their roles', async () => {
    const list = await get('/api/admin/staff', owner);
    const roles = Object.fromEntries(list.body.staff.map((member: { fullName: string; roles: string[] }) => [member.fullName, member.roles]));
    expect(roles).toMatchObject({ 'Olive Owner': ['staff', 'owner'], 'Grace Staff': ['staff'], 'Rose Rider': ['rider'], 'Paul Packer': ['packer'] });
    expect(roles['Aline Umutoni']).toBeUndefined();
    expect(list.body.staff[0]).toMatchObject({ fullName: 'Olive Owner', email: owner.user.email, staffSince: expect.any(String) });
  });

  it('give a role by phone (staff unless said), add one, take one away, then all; the token is refused at once', async () => {
    const newcomer = await shop.newVerifiedShopper({ fullName: 'New Staff' });
    const granted = await shop.http.post('/api/admin/staff').set(owner.auth).send({ identifier: newcomer.user.phoneNumber!.replace('+250', '0') });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ success: true, message: 'New Staff is now staff', member: { _id: newcomer.user._id, roles: ['staff'] } });
    expect((await get('/api/admin/orders', newcomer)).status).toBe(200);

    const asRider = await shop.http.post(`/api/admin/staff/${newcomer.user._id}/roles`).set(owner.auth).send({ role: 'rider' });
    expect(asRider.body).toMatchObject({ message: 'New Staff is now a rider', member: { roles: ['staff', 'rider'] } });
    const noStaff = await shop.http.delete(`/api/admin/staff/${newcomer.user._id}/roles/staff`).set(owner.auth);
    expect(noStaff.body).toMatchObject({ message: 'New Staff is no longer staff', member: { roles: ['rider'] } });
    expectErrorShape(await get('/api/admin/orders', newcomer), 403, 'Staff only');
    expectErrorShape(await shop.http.delete(`/api/admin/staff/${newcomer.user._id}/roles/staff`).set(owner.auth), 404, 'New Staff is not staff');

    const all = await shop.http.delete(`/api/admin/staff/${newcomer.user._id}`).set(owner.auth);
    expect(all.body).toMatchObject({ message: 'New Staff holds no role now', member: { roles: [] } });
    expect((await get('/api/user/is-auth', newcomer)).body.user.roles).toEqual(['shopper']);
    expectErrorShape(await shop.http.delete(`/api/admin/staff/${newcomer.user._id}`).set(owner.auth), 404, 'That account holds no role');
  });

  it('refuse an unknown account, an empty identifier and a role that is not one', async () => {
    expectErrorShape(await shop.http.post('/api/admin/staff').set(owner.auth).send({ identifier: 'nobody@example.rw' }), 404, 'No account with that e-mail or phone number');
    expectErrorShape(await shop.http.post('/api/admin/staff').set(owner.auth).send({ identifier: ' ' }), 400, 'Enter the e-mail or phone number of an existing account');
    for (const role of ['cashier', 'shopper', '']) {
      const response = await shop.http.post('/api/admin/staff').set(owner.auth).send({ identifier: shopper.user.email, role });
      expectErrorShape(response, 400, 'Choose a role: staff, packer, rider or owner');
      expect(response.body.errors[0].param).toBe('role');
    }
    expectErrorShape(await shop.http.delete(`/api/admin/staff/${rider.user._id}/roles/cashier`).set(owner.auth), 404);
    expect((await get('/api/user/is-auth', shopper)).body.user.roles).toEqual(['shopper']);
  });

  it("never take the owner's own owner role or all their roles; a second owner may", async () => {
    expectErrorShape(await shop.http.delete(`/api/admin/staff/${owner.user._id}/roles/owner`).set(owner.auth), 400, 'You cannot remove your own owner role: another owner may');
    expectErrorShape(await shop.http.delete(`/api/admin/staff/${owner.user._id}`).set(owner.auth), 400, 'You cannot remove your own staff access');
    // The owner may still drop a role of their own that the owner role covers.
    const second = await shop.newVerifiedShopper({ fullName: 'Second Owner' });
    expect((await shop.http.post('/api/admin/staff').set(owner.auth).send({ identifier: second.user.email, role: 'owner' })).body.message).toBe('Second Owner is now an owner');
    expect((await get('/api/admin/orders', second)).status).toBe(200);
    const stepDown = await shop.http.delete(`/api/admin/staff/${second.user._id}/roles/owner`).set(owner.auth);
    expect(stepDown.body.member.roles).toEqual([]);
    expectErrorShape(await get('/api/admin/staff', second), 403, 'Owner only');
    expectErrorShape(await get('/api/admin/orders', second), 403, 'Staff only');
  });

  it("two owners taking each other's owner role at once: one wins, the shop keeps an owner", async () => {
    const [a, b] = await Promise.all(['Owner A', 'Owner B'].map((fullName) => shop.newVerifiedShopper({ fullName })));
    const makeOwners = async () => {
      for (const who of [a, b]) await addFromShell(shop.deps, who.user.email!, 'owner');
    };
    const owners = async () => (await shop.deps.db.selectFrom('user_roles').select('user_id').where('role', '=', 'owner').execute()).map((row) => row.user_id);
    // Olive steps aside (through the shell, which may), leaving A and B as the only owners.
    await removeFromShell(shop.deps, owner.user.email!, 'owner');
    try {
      await makeOwners();
      // Through the API the loser is refused either as the last owner or, once the winner's change is
      // read with its token, as no longer an owner at all.
      const answers = await Promise.all([
        shop.http.delete(`/api/admin/staff/${b.user._id}/roles/owner`).set(a.auth),
        shop.http.delete(`/api/admin/staff/${a.user._id}/roles/owner`).set(b.auth),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
      expect(await owners()).toHaveLength(1);

      // Both past the role check at once: the owners' rows are locked in turn and the second finds itself the last.
      await makeOwners();
      const outcomes = await Promise.allSettled([revokeFromMember(shop.deps, a.user._id, b.user._id, 'owner'), revokeFromMember(shop.deps, b.user._id, a.user._id, 'owner')]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refusal = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refusal.reason.message).toBe('The shop must keep an owner: make someone else owner first');
      expect(await owners()).toHaveLength(1);
    } finally {
      await addFromShell(shop.deps, owner.user.email!, 'owner');
    }
  });
});

describe('an account merge', () => {
  it('a rider first known by phone keeps the role on the web account that proves the number', async () => {
    const phone = uniquePhone();
    const ussd = (await findOrCreatePhoneAccount(shop.deps, phone, 'Phone Rider'))!;
    await addFromShell(shop.deps, phone, 'rider');
    const web = await shop.newVerifiedShopper({ fullName: 'Phone Rider', phoneNumber: phone });
    expect((await get('/api/user/is-auth', web)).body.user.roles).toEqual(['shopper', 'rider']);
    expect(await shop.deps.db.selectFrom('user_roles').selectAll().where('user_id', '=', ussd._id).execute()).toEqual([]);
  });
});

describe('order history', () => {
  it('records who changed an order and the role they acted in', async () => {
    const ownerOnly = await shop.newVerifiedShopper({ fullName: 'Only Owner' });
    await addFromShell(shop.deps, ownerOnly.user.email!, 'owner');
    const created = await shop.http.post('/api/address/create').set(shopper.auth).send(address({ description: 'Roles test' }));
    await shop.http.post('/api/cart/add').set(shopper.auth).send({ productId: 'tomatoes', quantity: 1 });
    const placed = await shop.http.post('/api/order/placeOrder').set(shopper.auth).send({ addressId: created.body.address._id, paymentType: 'cash' });
    const orderId = placed.body.order._id;
    const move = (who: Shopper, expectedStatus: string, status: string) =>
      shop.http.post(`/api/admin/orders/${orderId}/status`).set(who.auth).send({ expectedStatus, status });
    expect((await move(staff, 'pending', 'processing')).status).toBe(200);
    expect((await move(ownerOnly, 'processing', 'shipped')).status).toBe(200);
    const detail = await get(`/api/admin/orders/${orderId}`, owner);
    expect(detail.body.order.history.map((entry: { by: unknown }) => entry.by)).toEqual([
      { _id: staff.user._id, fullName: 'Grace Staff', role: 'staff' },
      { _id: ownerOnly.user._id, fullName: 'Only Owner', role: 'owner' },
    ]);
    const rows = await shop.deps.db.selectFrom('order_history').select(['staff_id', 'staff_role']).where('order_id', '=', orderId).orderBy('id').execute();
    expect(rows).toEqual([
      { staff_id: staff.user._id, staff_role: 'staff' },
      { staff_id: ownerOnly.user._id, staff_role: 'owner' },
    ]);
  });
});

describe('a role taken away', () => {
  interface Instance {
    http: ReturnType<typeof supertest>;
    deps: TestShop['deps'];
    close(): Promise<void>;
  }
  let instances: Instance[] = [];
  let drop = async () => {};

  /**
   * Two instances of one shop. On PostgreSQL each opens its own connections and listens for change
   * notices on its own (as two processes would); embedded PGlite belongs to one process, so there both
   * apps share it.
   */
  beforeAll(async () => {
    const url = postgresUrl();
    const copy = url ? await seededPostgresDatabase(url) : undefined;
    if (copy) drop = copy.drop;
    instances = await Promise.all(
      [0, 1].map(async () => {
        const database: OpenDatabase | undefined = copy ? await openDatabase({ databaseUrl: copy.url, dataDir: '', poolSize: 2 }) : undefined;
        const db = database?.db ?? shop.deps.db;
        const log = silentLogger();
        const deps = { ...shop.deps, db, log, notifier: outboxNotifier(db, log) };
        const server = createAdaptorServer({ fetch: createApp(deps).fetch }) as Server;
        return {
          http: supertest(server),
          deps,
          async close() {
            server.close();
            await database?.close();
          },
        };
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await drop();
  });

  async function signUp(instance: Instance, fullName: string) {
    const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.rw`;
    const response = await instance.http.post('/api/auth/register').send({ fullName, email, password: 'secret-123' });
    expect(response.status).toBe(201);
    return { id: response.body.user._id as string, email, auth: { Authorization: `Bearer ${response.body.token}` } };
  }

  it('stops working on the next call, on the instance that took it and on the other', async () => {
    const [first, other] = instances as [Instance, Instance];
    const boss = await signUp(first, 'Two Instance Owner');
    const leaving = await signUp(first, 'Leaving Staff');
    await addFromShell(first.deps, boss.email, 'owner');
    await grantStaff(first.deps, leaving.email);
    expect((await other.http.get('/api/admin/orders').set(leaving.auth)).status).toBe(200);
    expect((await first.http.get('/api/admin/orders').set(leaving.auth)).status).toBe(200);

    expect((await first.http.delete(`/api/admin/staff/${leaving.id}/roles/staff`).set(boss.auth)).status).toBe(200);
    expectErrorShape(await other.http.get('/api/admin/orders').set(leaving.auth), 403, 'Staff only');
    expectErrorShape(await first.http.get('/api/admin/orders').set(leaving.auth), 403, 'Staff only');
    expect((await other.http.get('/api/user/is-auth').set(leaving.auth)).body.user.roles).toEqual(['shopper']);

    // And a role given on one instance works on the other at once.
    expect((await other.http.post('/api/admin/staff').set(boss.auth).send({ identifier: leaving.email, role: 'staff' })).status).toBe(201);
    expect((await first.http.get('/api/admin/orders').set(leaving.auth)).status).toBe(200);
  });
});
