// /api/admin/*: the staff console's calls (docs/staff-api.md). One requireStaff over the whole
// tree is the one rule for who may do what: 401 without a valid token, 403 for a shopper.
import { Hono } from 'hono';
import { requireStaff } from '../../lib/auth';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody, queryParams } from '../../lib/validate';
import { dashboard } from './staff-dashboard.service';
import { createCategory, createProduct, listStaffCategories, listStaffProducts, updateCategory, updateProduct } from './staff-catalog.service';
import { grantStaff, listStaff, revokeStaff } from './staff-members.service';
import { listMessages, markHandled } from './staff-messages.service';
import { changeOrderStatus, changePayment, getStaffOrder, listStaffOrders } from './staff-orders.service';
import { storeImage } from './staff-uploads.service';
import {
  IMAGE_UPLOAD_FIELD,
  categoryInputSchema,
  categoryPatchSchema,
  changeOrderStatusSchema,
  changePaymentSchema,
  dashboardResponseSchema,
  grantStaffSchema,
  markHandledSchema,
  orderChangeResponseSchema,
  productInputSchema,
  productPatchSchema,
  staffCategoriesResponseSchema,
  staffCategoryResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffMessageResponseSchema,
  staffMessagesQuerySchema,
  staffMessagesResponseSchema,
  staffOrderResponseSchema,
  staffOrdersQuerySchema,
  staffOrdersResponseSchema,
  staffProductResponseSchema,
  staffProductsQuerySchema,
  staffProductsResponseSchema,
  uploadResponseSchema,
} from './staff.schema';

const STATUS_MESSAGES: Record<string, string> = {
  processing: 'Order is now processing',
  shipped: 'Order marked shipped',
  delivered: 'Order marked delivered',
  cancelled: 'Order cancelled',
};

export function staffRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .use(requireStaff(deps))
    .get('/orders', queryParams(staffOrdersQuerySchema), async (c) => c.json({ success: true as const, ...(await listStaffOrders(deps, c.req.valid('query'))) }))
    .get('/orders/:id', async (c) => c.json({ success: true as const, order: await getStaffOrder(deps, c.req.param('id')) }))
    .post('/orders/:id/status', jsonBody(changeOrderStatusSchema), async (c) => {
      const input = c.req.valid('json');
      const order = await changeOrderStatus(deps, c.get('user'), c.req.param('id'), input);
      return c.json({ success: true as const, message: STATUS_MESSAGES[input.status] ?? 'Order updated', order });
    })
    .post('/orders/:id/payment', jsonBody(changePaymentSchema), async (c) => {
      const input = c.req.valid('json');
      const order = await changePayment(deps, c.get('user'), c.req.param('id'), input);
      return c.json({ success: true as const, message: input.paymentStatus === 'completed' ? 'Payment confirmed' : 'Payment marked failed', order });
    })
    .get('/staff', async (c) => c.json({ success: true as const, staff: await listStaff(deps) }))
    .post('/staff', jsonBody(grantStaffSchema), async (c) => {
      const member = await grantStaff(deps, c.req.valid('json').identifier);
      return c.json({ success: true as const, message: `${member.fullName} is now staff`, member }, 201);
    })
    .delete('/staff/:userId', async (c) => {
      const member = await revokeStaff(deps, c.get('user').id, c.req.param('userId'));
      return c.json({ success: true as const, message: `${member.fullName} is no longer staff`, member });
    })
    .get('/products', queryParams(staffProductsQuerySchema), async (c) => c.json({ success: true as const, ...(await listStaffProducts(deps, c.req.valid('query'))) }))
    .post('/products', jsonBody(productInputSchema), async (c) => {
      const product = await createProduct(deps, c.req.valid('json'));
      return c.json({ success: true as const, message: 'Product added', product }, 201);
    })
    .put('/products/:id', jsonBody(productPatchSchema), async (c) => {
      const product = await updateProduct(deps, c.req.param('id'), c.req.valid('json'));
      return c.json({ success: true as const, message: 'Product saved', product });
    })
    .get('/categories', async (c) => c.json({ success: true as const, categories: await listStaffCategories(deps) }))
    .post('/categories', jsonBody(categoryInputSchema), async (c) => {
      const category = await createCategory(deps, c.req.valid('json'));
      return c.json({ success: true as const, message: 'Category added', category }, 201);
    })
    .put('/categories/:id', jsonBody(categoryPatchSchema), async (c) => {
      const category = await updateCategory(deps, c.req.param('id'), c.req.valid('json'));
      return c.json({ success: true as const, message: 'Category saved', category });
    })
    .post('/uploads', async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const stored = await storeImage(deps, form[IMAGE_UPLOAD_FIELD]);
      return c.json({ success: true as const, ...stored, url: new URL(stored.image, c.req.url).toString() }, 201);
    })
    .get('/messages', queryParams(staffMessagesQuerySchema), async (c) => c.json({ success: true as const, ...(await listMessages(deps, c.req.valid('query'))) }))
    .post('/messages/:id/handled', jsonBody(markHandledSchema), async (c) => {
      const contactMessage = await markHandled(deps, c.get('user'), c.req.param('id'), c.req.valid('json').handled);
      return c.json({ success: true as const, message: contactMessage.handledAt ? 'Marked handled' : 'Marked not handled', contactMessage });
    })
    .get('/dashboard', async (c) => c.json(await dashboard(deps)));
}

export const staffDocs: RouteDoc[] = [
  { method: 'get', path: '/admin/orders', tag: 'staff', auth: true, summary: 'Orders, newest first; filter by status and payment, search by order number, phone or name', query: staffOrdersQuerySchema, response: staffOrdersResponseSchema },
  { method: 'get', path: '/admin/orders/{id}', tag: 'staff', auth: true, summary: 'One order with its history and the moves allowed from here', response: staffOrderResponseSchema },
  { method: 'post', path: '/admin/orders/{id}/status', tag: 'staff', auth: true, summary: 'Move an order along (409 if it changed since expectedStatus)', body: changeOrderStatusSchema, response: orderChangeResponseSchema },
  { method: 'post', path: '/admin/orders/{id}/payment', tag: 'staff', auth: true, summary: 'Confirm a MoMo payment or mark it failed (409 if it changed)', body: changePaymentSchema, response: orderChangeResponseSchema },
  { method: 'get', path: '/admin/staff', tag: 'staff', auth: true, summary: 'Accounts with the staff role', response: staffListResponseSchema },
  { method: 'post', path: '/admin/staff', tag: 'staff', auth: true, summary: 'Grant the staff role to an existing account', body: grantStaffSchema, response: staffMemberResponseSchema, status: 201 },
  { method: 'delete', path: '/admin/staff/{userId}', tag: 'staff', auth: true, summary: "Revoke someone else's staff role", response: staffMemberResponseSchema },
  { method: 'get', path: '/admin/products', tag: 'staff', auth: true, summary: 'Every product, hidden ones too', query: staffProductsQuerySchema, response: staffProductsResponseSchema },
  { method: 'post', path: '/admin/products', tag: 'staff', auth: true, summary: 'Add a product', body: productInputSchema, response: staffProductResponseSchema, status: 201 },
  { method: 'put', path: '/admin/products/{id}', tag: 'staff', auth: true, summary: 'Edit, hide or mark out of stock', body: productPatchSchema, response: staffProductResponseSchema },
  { method: 'get', path: '/admin/categories', tag: 'staff', auth: true, summary: 'Every category, hidden ones too', response: staffCategoriesResponseSchema },
  { method: 'post', path: '/admin/categories', tag: 'staff', auth: true, summary: 'Add a category', body: categoryInputSchema, response: staffCategoryResponseSchema, status: 201 },
  { method: 'put', path: '/admin/categories/{id}', tag: 'staff', auth: true, summary: 'Edit or hide a category', body: categoryPatchSchema, response: staffCategoryResponseSchema },
  { method: 'post', path: '/admin/uploads', tag: 'staff', auth: true, summary: 'Upload an image (multipart field "image"; JPEG, PNG or WebP, at most 2 MB)', response: uploadResponseSchema, status: 201 },
  { method: 'get', path: '/admin/messages', tag: 'staff', auth: true, summary: 'Contact-form messages, newest first', query: staffMessagesQuerySchema, response: staffMessagesResponseSchema },
  { method: 'post', path: '/admin/messages/{id}/handled', tag: 'staff', auth: true, summary: 'Mark a message handled (or not)', body: markHandledSchema, response: staffMessageResponseSchema },
  { method: 'get', path: '/admin/dashboard', tag: 'staff', auth: true, summary: "Today's figures and 30 days of orders and sales (Kigali days)", response: dashboardResponseSchema },
];
