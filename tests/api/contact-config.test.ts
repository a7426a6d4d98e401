// /api/contact, /api/config, /api/health, the OpenAPI document and CORS (docs/api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../server/modules/auth/roles.schema';
import { createTestShop, lastMessageTo, uniqueEmail, type TestShop } from '../support/test-app';
import { expectFieldErrors } from './expectations';
import { grantStaff } from '../../server/modules/users/staff-members.service';

const ORIGIN = 'https://shop.example';
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({
    MOMO_PAY_CODE: '654321',
    CORS_ORIGINS: `${ORIGIN}, https://other.example`,
    SUPPORT_EMAIL: 'help@isoko.example',
    SHOP_NAME: 'Isoko Test',
  });
});
afterAll(async () => shop.close());

describe('POST /contact', () => {
  it("stores the message and hands it to the notifier for the shop's inbox", async () => {
    const email = uniqueEmail('visitor');
    const body = { name: 'Divine Ingabire', email, subject: 'Do you deliver to Kanombe?', message: 'I live near the airport.\nThank you!' };
    const response = await shop.http.post('/api/contact').send(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, message: "Message sent! We'll get back to you soon." });

    const stored = await shop.deps.db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...body, recipient: 'help@isoko.example' });
    expect(Date.now() - new Date(stored[0].created_at).getTime()).toBeLessThan(60_000);

    const sent = await lastMessageTo(shop.deps, 'help@isoko.example');
    expect(sent?.subject).toContain('Do you deliver to Kanombe?');
    expect(sent?.body).toContain('Divine Ingabire');
    expect(sent?.body).toContain(email);
    expect(sent?.body).toContain('I live near the airport.');
  });

  it('needs no sign-in but every field, and a real email', async () => {
    const before = await shop.deps.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await shop.http.post('/api/contact').send({});
    expectFieldErrors(response, {
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expectFieldErrors(await shop.http.post('/api/contact').send({ name: 'A', email: 'not-mail', subject: 'S', message: 'M' }), {
      email: 'Invalid email format',
    });
    expectFieldErrors(await shop.http.post('/api/contact').send({ name: '  ', email: uniqueEmail(), subject: 'S', message: '   ' }), {
      name: 'Name is required',
      message: 'Message is required',
    });
    // Too long is not "missing": each field says what is wrong with it.
    expectFieldErrors(
      await shop.http.post('/api/contact').send({ name: 'N'.repeat(101), email: uniqueEmail(), subject: 'S'.repeat(201), message: 'M'.repeat(5001) }),
      {
        name: 'Name must be at most 100 characters',
        subject: 'Subject must be at most 200 characters',
        message: 'Message must be at most 5000 characters',
      },
    );
    const after = await shop.deps.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('GET /config', () => {
  it('gives the shop facts from configuration, with the configured pay code', async () => {
    const response = await shop.http.get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      shopName: 'Isoko Test',
      payCode: '654321',
      businessName: expect.any(String),
      supportPhone: expect.any(String),
      supportEmail: 'help@isoko.example',
      address: expect.stringContaining('Kigali'),
      // The delivery schedule's, as seeded: every day, 08:00 to 20:00.
      hours: 'Every day 08:00-20:00',
      ussdServiceCode: expect.any(String),
      // No MOMO_* settings here: only cash on delivery with the pay code is offered.
      momoRequestToPay: false,
    });
  });

  it('states the hours of the delivery schedule, one source with the windows checkout offers', async () => {
    const staff = await shop.newShopper();
    await grantStaff(shop.deps, staff.user.email!);
    const schedule = (await shop.http.get('/api/admin/delivery').set(staff.auth)).body.schedule;
    try {
      const saved = await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...schedule, days: [1, 2, 3, 4, 5, 6], openFrom: '09:00', openUntil: '17:00' });
      expect(saved.status).toBe(200);
      expect((await shop.http.get('/api/config')).body.hours).toBe('Mon-Sat 09:00-17:00, Sun closed');
      // Checkout offers no Sunday and nothing outside those hours: what the contact card says is true.
      const { windows } = (await shop.http.get('/api/delivery/windows')).body as { windows: { start: string; end: string }[] };
      expect(windows.length).toBeGreaterThan(0);
      for (const window of windows) {
        expect(new Date(window.start.slice(0, 10)).getUTCDay()).not.toBe(0);
        expect(window.start.slice(11, 16) >= '09:00' && window.end.slice(11, 16) <= '17:00').toBe(true);
      }
      await shop.http.put('/api/admin/delivery').set(staff.auth).send({ ...schedule, days: [1, 3, 4, 6], openFrom: '08:00', openUntil: '12:00' });
      expect((await shop.http.get('/api/config')).body.hours).toBe('Mon, Wed, Thu, Sat 08:00-12:00, Tue, Fri, Sun closed');
    } finally {
      await shop.http.put('/api/admin/delivery').set(staff.auth).send(schedule);
    }
  });
});

describe('GET /health', () => {
  it('reports the database it runs on', async () => {
    const response = await shop.http.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('API documents', () => {
  const CALLS: Array<[string, string]> = [
    ['post', '/auth/register'],
    ['post', '/auth/login'],
    ['post', '/auth/forgot-password'],
    ['post', '/auth/reset-password'],
    ['get', '/user/is-auth'],
    ['get', '/user/account'],
    ['put', '/user/updateProfile'],
    ['put', '/user/updatePassword'],
    ['get', '/user/logout'],
    ['get', '/category/getAllCategories'],
    ['get', '/category/{}/products'],
    ['get', '/product/getAllProducts'],
    ['get', '/product/getProductDetails/{}'],
    ['put', '/product/rateProduct/{}'],
    ['post', '/cart/add'],
    ['get', '/cart'],
    ['put', '/cart/update/{}'],
    ['delete', '/cart/remove/{}'],
    ['delete', '/cart/clear'],
    ['post', '/address/create'],
    ['get', '/address/allAddress'],
    ['put', '/address/update/{}'],
    ['delete', '/address/delete/{}'],
    ['post', '/order/placeOrder'],
    ['get', '/order/getUserOrders'],
    ['get', '/order/getOrderDetails/{}'],
    ['post', '/order/{}/pay'],
    ['post', '/contact'],
    ['get', '/config'],
    ['get', '/health'],
    ['post', '/chat'],
  ];
  const shapeOf = (path: string) => path.replace(/\{[^}]*\}|:[^/]+/g, '{}');

  it('/api/openapi.json lists every call of docs/api.md with its method', async () => {
    const response = await shop.http.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const documented = new Map<string, string[]>();
    for (const [path, methods] of Object.entries(response.body.paths as Record<string, object>)) {
      documented.set(shapeOf(path), Object.keys(methods));
    }
    for (const [method, path] of CALLS) {
      expect(documented.get(path), `${method.toUpperCase()} ${path}`).toContain(method);
    }
    // The signed-in calls say so.
    expect(response.body.paths['/cart'].get.security).toEqual([{ bearer: [] }]);
    // Request bodies come from the same zod schemas the routes validate with.
    const registerBody = response.body.paths['/auth/register'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(registerBody.properties)).toEqual(expect.arrayContaining(['fullName', 'email', 'phoneNumber', 'password']));
  });

  it('documents every /api route the app serves', async () => {
    const documented = new Set(Object.keys((await shop.http.get('/api/openapi.json')).body.paths).map(shapeOf));
    const served = shop.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && !route.path.includes('*'))
      .map((route) => shapeOf(route.path.slice('/api'.length)))
      .filter((path) => !['/openapi.json', '/docs'].includes(path));
    expect(served.length).toBeGreaterThanOrEqual(CALLS.length);
    for (const path of served) expect(documented, path).toContain(path);
  });

  it('names the roles every /api/admin call allows, with the token it needs and the 403 it may answer', async () => {
    const { paths } = (await shop.http.get('/api/openapi.json')).body as { paths: Record<string, Record<string, AdminOperation>> };
    const admin = Object.entries(paths)
      .filter(([path]) => path.startsWith('/admin/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} /api${path}`, operation })));
    expect(admin.length).toBeGreaterThanOrEqual(20);
    const undeclared = admin.filter(({ operation }) => !Array.isArray(operation['x-roles']) || operation['x-roles'].length === 0).map(({ key }) => key);
    expect(undeclared, 'these /api/admin calls declare no roles').toEqual([]);
    for (const { key, operation } of admin) {
      const roles = operation['x-roles']!;
      for (const role of roles) expect(ROLES, key).toContain(role);
      expect(roles, `${key}: no /api/admin call is open to every shopper`).not.toContain('shopper');
      expect(operation.security, key).toEqual([{ bearer: [] }]);
      expect(operation.responses['403'], key).toBeDefined();
      expect(operation.description, key).toContain(`Roles allowed: ${roles.join(', ')}.`);
    }
    expect(paths['/admin/orders']!.get!['x-roles']).toEqual(['staff', 'owner']);
    expect(paths['/admin/staff']!.get!['x-roles']).toEqual(['owner']);
    const docs = await shop.http.get('/api/docs');
    expect(docs.text).toMatch(/\/api\/admin\/staff<\/code> [^<]+<span class="who">owner<\/span>/);
    expect(docs.text).toMatch(/\/api\/admin\/orders<\/code> [^<]+<span class="who">staff, owner<\/span>/);
  });

  it('/api/docs is a readable HTML page that loads nothing from another host', async () => {
    const response = await shop.http.get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('/product/getAllProducts');
    expect(response.text).toContain('/order/placeOrder');
    expect(response.text).not.toMatch(/<script[^>]+src=["']https?:|<link[^>]+href=["']https?:/i);
  });

  it("/api/docs is the reference of every call, the staff console's with its fields and rules", async () => {
    const response = await shop.http.get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const paths = Object.entries((await shop.http.get('/api/openapi.json')).body.paths as Record<string, object>);
    for (const [path, methods] of paths) {
      for (const method of Object.keys(methods)) expect(response.text, `${method} ${path}`).toContain(`${method.toUpperCase()}</code> <code>/api${path}</code>`);
    }
    expect(response.text).toContain('Staff console (/api/admin)');
    for (const call of ['/api/admin/orders/{id}/status', '/api/admin/orders/{id}/payment', '/api/admin/products', '/api/admin/uploads', '/api/admin/delivery', '/api/admin/staff', '/api/admin/messages', '/api/admin/dashboard', '/api/admin/baskets']) {
      expect(response.text, call).toContain(`<code>${call}</code>`);
    }
    // A call's body with its fields, and the rules the declaration carries.
    expect(response.text).toMatch(/expectedStatus: &#34;pending&#34; \| &#34;processing&#34;/);
    expect(response.text).toContain('only from <code>pending</code> or <code>processing</code>');
    // Offline and locked down: no script at all, and a policy that lets nothing load or run but its inline style.
    expect(response.text).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline';/);
  });
});

interface AdminOperation {
  'x-roles'?: string[];
  security?: unknown;
  description?: string;
  responses: Record<string, unknown>;
}

describe('CORS', () => {
  it('lets a configured origin send Authorization and Content-Type', async () => {
    const response = await shop.http
      .options('/api/cart/add')
      .set('Origin', ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('content-type');
    expect(String(response.headers['access-control-allow-methods'])).toMatch(/POST/);

    const actual = await shop.http.get('/api/product/getAllProducts').set('Origin', 'https://other.example');
    expect(actual.headers['access-control-allow-origin']).toBe('https://other.example');
  });

  it('gives an unlisted origin no allow-origin header', async () => {
    const preflight = await shop.http
      .options('/api/cart/add')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const actual = await shop.http.get('/api/config').set('Origin', 'https://evil.example');
    expect(actual.status).toBe(200);
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    expect(actual.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
