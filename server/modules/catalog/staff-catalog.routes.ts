// /api/admin/products, /categories and /uploads: the catalog as staff edit it, hidden products and
// categories included, and the images they upload. Mounted inside staffRoutes (modules/staff); each
// call allows staff and owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { createCategory, createProduct, getStaffProduct, listStaffCategories, listStaffProducts, updateCategory, updateProduct } from './staff-catalog.service';
import {
  IMAGE_UPLOAD_FIELD,
  categoryInputSchema,
  categoryPatchSchema,
  imageUploadFormSchema,
  productInputSchema,
  productPatchSchema,
  staffCategoriesResponseSchema,
  staffCategoryResponseSchema,
  staffProductOneResponseSchema,
  staffProductResponseSchema,
  staffProductsQuerySchema,
  staffProductsResponseSchema,
  uploadResponseSchema,
} from './staff-catalog.schema';
import { storeImage } from './uploads.service';

const productParams = z.object({ id: idParam('Product not found', 'product_not_found') });
const categoryParams = z.object({ id: idParam('Category not found') });

const products = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/products',
  summary: 'Every product, hidden ones too',
  request: { query: staffProductsQuerySchema },
  responses: { 200: jsonReply(staffProductsResponseSchema) },
});
const product = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/products/{id}',
  summary: 'One product, hidden ones too (what the edit screen opens with)',
  request: { params: productParams },
  responses: { 200: jsonReply(staffProductOneResponseSchema) },
});
const addProduct = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/products',
  summary: 'Add a product',
  request: { body: jsonRequest(productInputSchema) },
  responses: { 201: jsonReply(staffProductResponseSchema, 'Added') },
});
const editProduct = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/products/{id}',
  summary: 'Edit, hide or mark out of stock',
  description: 'Any subset of the fields, e.g. `{inStock:false}` or `{hidden:true}`. A hidden product, or one in a hidden category, leaves the storefront, search, chat and USSD; an out-of-stock one stays listed with `inStock:false` and cannot be added to a cart or ordered. `image` is what an upload returned, or an existing `/images/...` path. Every change reaches every instance at once.',
  request: { params: productParams, body: jsonRequest(productPatchSchema) },
  responses: { 200: jsonReply(staffProductResponseSchema) },
});
const categories = createRoute({ ...consoleCall, method: 'get', path: '/categories', summary: 'Every category, hidden ones too', responses: { 200: jsonReply(staffCategoriesResponseSchema) } });
const addCategory = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/categories',
  summary: 'Add a category',
  request: { body: jsonRequest(categoryInputSchema) },
  responses: { 201: jsonReply(staffCategoryResponseSchema, 'Added') },
});
const editCategory = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/categories/{id}',
  summary: 'Edit or hide a category',
  request: { params: categoryParams, body: jsonRequest(categoryPatchSchema) },
  responses: { 200: jsonReply(staffCategoryResponseSchema) },
});
const upload = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/uploads',
  summary: 'Upload an image (JPEG, PNG or WebP, at most 2 MB)',
  description: 'The type is read from the bytes, not the name: anything else is a 415, a larger file a 413. Stored in `DATA_DIR/uploads` on the embedded database and in the database on PostgreSQL, served at `/uploads/<name>`; give the returned `image` to a product or category.',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: imageUploadFormSchema } } } },
  responses: { 201: jsonReply(uploadResponseSchema, 'Stored') },
});

export function addStaffCatalogRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
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
}
