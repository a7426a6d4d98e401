// /api/admin/*: the staff console's calls (docs/staff-api.md). One requireStaff over the whole
// tree is the one rule for who may do what: 401 without a valid token, 403 for a shopper.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireStaff } from '../../lib/auth';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest, openApiRoutes, staffCall } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { dashboard } from './staff-dashboard.service';
import { createCategory, createProduct, getStaffProduct, listStaffCategories, listStaffProducts, updateCategory, updateProduct } from './staff-catalog.service';
import { addStaffMemberRoutes } from '../users/staff-members.routes';
import { addStaffMessageRoutes } from '../contact/staff-messages.routes';
import { changeOrderStatus, changePayment, getStaffOrder, listStaffOrders } from './staff-orders.service';
import { storeImage } from './staff-uploads.service';
import {
  IMAGE_UPLOAD_FIELD,
  categoryInputSchema,
  categoryPatchSchema,
  changeOrderStatusSchema,
  changePaymentSchema,
  dashboardResponseSchema,
  imageUploadFormSchema,
  orderChangeResponseSchema,
  productInputSchema,
  productPatchSchema,
  staffCategoriesResponseSchema,
  staffCategoryResponseSchema,
  staffOrderResponseSchema,
  staffOrdersQuerySchema,
  staffOrdersResponseSchema,
  staffProductOneResponseSchema,
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

const orderParams = z.object({ id: idParam('Order not found') });
const productParams = z.object({ id: idParam('Product not found', 'product_not_found') });
const categoryParams = z.object({ id: idParam('Category not found') });

const orders = createRoute({
  ...staffCall,
  method: 'get',
  path: '/orders',
  summary: 'Orders, newest first; filter by status and payment, search by order number, phone or name',
  request: { query: staffOrdersQuerySchema },
  responses: { 200: jsonReply(staffOrdersResponseSchema) },
});
const order = createRoute({
  ...staffCall,
  method: 'get',
  path: '/orders/{id}',
  summary: 'One order with its history and the moves allowed from here',
  request: { params: orderParams },
  responses: { 200: jsonReply(staffOrderResponseSchema) },
});
const orderStatus = createRoute({
  ...staffCall,
  method: 'post',
  path: '/orders/{id}/status',
  summary: 'Move an order along (409 if it changed since expectedStatus)',
  request: { params: orderParams, body: jsonRequest(changeOrderStatusSchema) },
  responses: { 200: jsonReply(orderChangeResponseSchema) },
});
const orderPayment = createRoute({
  ...staffCall,
  method: 'post',
  path: '/orders/{id}/payment',
  summary: 'Confirm a MoMo payment or mark it failed (409 if it changed)',
  request: { params: orderParams, body: jsonRequest(changePaymentSchema) },
  responses: { 200: jsonReply(orderChangeResponseSchema) },
});
const products = createRoute({
  ...staffCall,
  method: 'get',
  path: '/products',
  summary: 'Every product, hidden ones too',
  request: { query: staffProductsQuerySchema },
  responses: { 200: jsonReply(staffProductsResponseSchema) },
});
const product = createRoute({
  ...staffCall,
  method: 'get',
  path: '/products/{id}',
  summary: 'One product, hidden ones too (what the edit screen opens with)',
  request: { params: productParams },
  responses: { 200: jsonReply(staffProductOneResponseSchema) },
});
const addProduct = createRoute({
  ...staffCall,
  method: 'post',
  path: '/products',
  summary: 'Add a product',
  request: { body: jsonRequest(productInputSchema) },
  responses: { 201: jsonReply(staffProductResponseSchema, 'Added') },
});
const editProduct = createRoute({
  ...staffCall,
  method: 'put',
  path: '/products/{id}',
  summary: 'Edit, hide or mark out of stock',
  request: { params: productParams, body: jsonRequest(productPatchSchema) },
  responses: { 200: jsonReply(staffProductResponseSchema) },
});
const categories = createRoute({ ...staffCall, method: 'get', path: '/categories', summary: 'Every category, hidden ones too', responses: { 200: jsonReply(staffCategoriesResponseSchema) } });
const addCategory = createRoute({
  ...staffCall,
  method: 'post',
  path: '/categories',
  summary: 'Add a category',
  request: { body: jsonRequest(categoryInputSchema) },
  responses: { 201: jsonReply(staffCategoryResponseSchema, 'Added') },
});
const editCategory = createRoute({
  ...staffCall,
  method: 'put',
  path: '/categories/{id}',
  summary: 'Edit or hide a category',
  request: { params: categoryParams, body: jsonRequest(categoryPatchSchema) },
  responses: { 200: jsonReply(staffCategoryResponseSchema) },
});
const upload = createRoute({
  ...staffCall,
  method: 'post',
  path: '/uploads',
  summary: 'Upload an image (JPEG, PNG or WebP, at most 2 MB)',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: imageUploadFormSchema } } } },
  responses: { 201: jsonReply(uploadResponseSchema, 'Stored') },
});
const dashboardCall = createRoute({
  ...staffCall,
  method: 'get',
  path: '/dashboard',
  summary: "Today's figures and 30 days of orders and sales (Kigali days)",
  responses: { 200: jsonReply(dashboardResponseSchema) },
});

export function staffRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireStaff(deps));
  addRoute(app, orders, async (c) => c.json({ success: true as const, ...(await listStaffOrders(deps, c.req.valid('query'))) }));
  addRoute(app, order, async (c) => c.json({ success: true as const, order: await getStaffOrder(deps, c.req.param('id')) }));
  addRoute(app, orderStatus, async (c) => {
    const input = c.req.valid('json');
    const order = await changeOrderStatus(deps, c.get('user'), c.req.param('id'), input);
    return c.json({ success: true as const, message: STATUS_MESSAGES[input.status] ?? 'Order updated', order });
  });
  addRoute(app, orderPayment, async (c) => {
    const input = c.req.valid('json');
    const order = await changePayment(deps, c.get('user'), c.req.param('id'), input);
    return c.json({ success: true as const, message: input.paymentStatus === 'completed' ? 'Payment confirmed' : 'Payment marked failed', order });
  });
  addStaffMemberRoutes(app, deps);
  addRoute(app, products, async (c) => c.json({ success: true as const, ...(await listStaffProducts(deps, c.req.valid('query'))) }));
  addRoute(app, product, async (c) => c.json({ success: true as const, product: await getStaffProduct(deps, c.req.param('id')) }));
  addRoute(app, addProduct, async (c) => {
    const product = await createProduct(deps, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Product added', product }, 201);
  });
  addRoute(app, editProduct, async (c) => {
    const product = await updateProduct(deps, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true as const, message: 'Product saved', product });
  });
  addRoute(app, categories, async (c) => c.json({ success: true as const, categories: await listStaffCategories(deps) }));
  addRoute(app, addCategory, async (c) => {
    const category = await createCategory(deps, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Category added', category }, 201);
  });
  addRoute(app, editCategory, async (c) => {
    const category = await updateCategory(deps, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true as const, message: 'Category saved', category });
  });
  addRoute(app, upload, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const stored = await storeImage(deps, form[IMAGE_UPLOAD_FIELD]);
    return c.json({ success: true as const, ...stored, url: new URL(stored.image, c.req.url).toString() }, 201);
  });
  addStaffMessageRoutes(app, deps);
  addRoute(app, dashboardCall, async (c) => c.json(await dashboard(deps)));
  return app;
}
