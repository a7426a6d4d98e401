// Ids in the path are checked by each route's declaration before any service runs (server/lib/path-params.ts).
// A malformed id must answer exactly as a well-formed unknown one, so the check changes nothing a
// client sees; a NUL byte stays the 400 the database gave it before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT } from '../../server/lib/path-params';
import { addFromShell } from '../../server/modules/users/staff-members.service';
import { createTestShop, type Shopper, type TestShop } from '../support/test-app';
import { expectErrorShape } from './expectations';

let shop: TestShop;
let shopper: Shopper;
let staff: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  shopper = await shop.newShopper();
  staff = await shop.newShopper();
  // The shop's first staff member from the shell: the owner too, so the Staff calls are open to it.
  await addFromShell(shop.deps, staff.user.email!, 'staff');
});
afterAll(async () => shop.close());

type Method = 'get' | 'put' | 'post' | 'delete';
interface IdRoute {
  method: Method;
  /** `:id` is replaced by the id under test. */
  path: string;
  who: 'guest' | 'shopper' | 'staff';
  body?: Record<string, unknown>;
  status: number;
  message: string;
  code: string;
}

const ROUTES: IdRoute[] = [
  { method: 'get', path: '/api/product/getProductDetails/:id', who: 'guest', status: 404, message: 'Product not found', code: 'product_not_found' },
  { method: 'put', path: '/api/product/rateProduct/:id', who: 'shopper', body: { rating: 4 }, status: 404, message: 'Product not found', code: 'product_not_found' },
  { method: 'put', path: '/api/cart/update/:id', who: 'shopper', body: { quantity: 2 }, status: 404, message: 'Product not found in cart', code: 'not_found' },
  { method: 'delete', path: '/api/cart/remove/:id', who: 'shopper', status: 404, message: 'Product not found in cart', code: 'not_found' },
  { method: 'put', path: '/api/address/update/:id', who: 'shopper', body: { description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '0788123456' }, status: 404, message: 'Address not found', code: 'not_found' },
  { method: 'delete', path: '/api/address/delete/:id', who: 'shopper', status: 404, message: 'Address not found', code: 'not_found' },
  { method: 'get', path: '/api/order/getOrderDetails/:id', who: 'shopper', status: 404, message: 'Order not found', code: 'not_found' },
  { method: 'get', path: '/api/admin/orders/:id', who: 'staff', status: 404, message: 'Order not found', code: 'not_found' },
  { method: 'post', path: '/api/admin/orders/:id/status', who: 'staff', body: { expectedStatus: 'pending', status: 'processing' }, status: 404, message: 'Order not found', code: 'not_found' },
  { method: 'post', path: '/api/admin/orders/:id/payment', who: 'staff', body: { expectedPaymentStatus: 'pending', paymentStatus: 'completed', momoTransactionId: '1234567890' }, status: 404, message: 'Order not found', code: 'not_found' },
  { method: 'put', path: '/api/admin/products/:id', who: 'staff', body: { inStock: false }, status: 404, message: 'Product not found', code: 'product_not_found' },
  { method: 'put', path: '/api/admin/categories/:id', who: 'staff', body: { hidden: false }, status: 404, message: 'Category not found', code: 'not_found' },
  { method: 'delete', path: '/api/admin/staff/:id', who: 'staff', status: 404, message: 'That account holds no role', code: 'not_found' },
  { method: 'post', path: '/api/admin/staff/:id/roles', who: 'staff', body: { role: 'rider' }, status: 404, message: 'That account holds no role', code: 'not_found' },
  { method: 'delete', path: '/api/admin/staff/:id/roles/rider', who: 'staff', status: 404, message: 'That account holds no role', code: 'not_found' },
  { method: 'post', path: '/api/admin/messages/:id/handled', who: 'staff', body: { handled: true }, status: 404, message: 'Message not found', code: 'not_found' },
];

function call(route: IdRoute, id: string, body = route.body) {
  const request = shop.http[route.method](route.path.replace(':id', encodeURIComponent(id)));
  if (route.who === 'shopper') request.set(shopper.auth);
  if (route.who === 'staff') request.set(staff.auth);
  return body ? request.send(body) : request;
}

/** Ids no row has: the first is well formed (it reaches the service), the rest are not (the path check answers). */
const UNKNOWN = 'aaaaaaaaaaaaaaaaaaaaaaaa';
// (Not "..": the URL itself resolves it to the parent path before any route sees it.)
const MALFORMED = ['not an id', 'a..b', '%', "x'; drop table products; --", 'é', 'x'.repeat(65), '<script>'];

describe('an id in the path that cannot be one', () => {
  it('answers as an unknown id does: the same status, message and error code, on every route that takes one', async () => {
    for (const route of ROUTES) {
      // The message id is a number: the well-formed unknown one is a number too.
      const unknown = await call(route, route.path.includes('messages') ? '999999' : UNKNOWN);
      expectErrorShape(unknown, route.status, route.message);
      expect(unknown.body.error, route.path).toBe(route.code);
      for (const id of MALFORMED) {
        const response = await call(route, id);
        expectErrorShape(response, route.status, route.message);
        expect(response.body, `${route.method} ${route.path} ${JSON.stringify(id)}`).toEqual(unknown.body);
      }
    }
  });

  it('a NUL byte is the 400 the database gave it before the check, except for a message number, which is never text', async () => {
    for (const route of ROUTES) {
      const response = await call(route, 'a\u0000b');
      if (route.path.includes('messages')) expectErrorShape(response, 404, 'Message not found');
      else {
        expectErrorShape(response, 400, UNSTORABLE_TEXT);
        expect(response.body.error).toBe('bad_request');
      }
    }
  });

  it('the body is still checked first, as before: a bad body with a bad id is the body\'s 400', async () => {
    const response = await shop.http.put('/api/cart/update/not%20an%20id').set(shopper.auth).send({ quantity: 0 });
    expectErrorShape(response, 400, 'Quantity cannot be less than 1');
  });

  it('a guest is still refused before any id is looked at', async () => {
    expectErrorShape(await shop.http.get('/api/order/getOrderDetails/not%20an%20id'), 401);
    expectErrorShape(await shop.http.get('/api/admin/orders/not%20an%20id').set(shopper.auth), 403, 'Staff only');
  });
});

describe('ids that are well formed still reach their row', () => {
  it('a category by its name, spaces and & included, in any case', async () => {
    const response = await shop.http.get(`/api/category/${encodeURIComponent('dairy & EGGS')}/products`);
    expect(response.status).toBe(200);
    expect(response.body.category.name).toBe('Dairy & Eggs');
  });

  it('a category name that is no category is the 404 it always was', async () => {
    expectErrorShape(await shop.http.get(`/api/category/${encodeURIComponent('no such aisle')}/products`), 404, 'Category not found');
  });

  it('a product by its id', async () => {
    const response = await shop.http.get('/api/product/getProductDetails/tomatoes');
    expect(response.status).toBe(200);
    expect(response.body.product._id).toBe('tomatoes');
  });
});

describe('the OpenAPI document', () => {
  it('gives each path id its pattern, from the same declaration the route checks with', async () => {
    const document = (await shop.http.get('/api/openapi.json')).body;
    const [parameter] = document.paths['/product/getProductDetails/{id}'].get.parameters;
    expect(parameter).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: expect.any(String) } });
    expect(new RegExp(parameter.schema.pattern).test('tomatoes')).toBe(true);
    expect(new RegExp(parameter.schema.pattern).test('not an id')).toBe(false);
    expect(Object.keys(document.paths['/admin/orders'].get.responses)).toEqual(['200', '400', '401', '403', '404']);
  });
});
