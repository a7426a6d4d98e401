// /product/* and /category/* (docs/api.md).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { categoryNameOrIdParam, idParam } from '../../lib/path-params';
import { cachedResponse, showsProducts } from './catalog-cache';
import {
  categoriesReplySchema,
  categoryProductsQuerySchema,
  categoryProductsReplySchema,
  productListQuerySchema,
  productListResponseSchema,
  productReplySchema,
  rateProductReplySchema,
  rateProductSchema,
} from './catalog.schema';
import { dependsOnOrders, getProduct, listCategories, listCategoryProducts, listProducts, rateProduct } from './catalog.service';

const productParams = z.object({ id: idParam('Product not found', 'product_not_found') });

const productList = createRoute({
  method: 'get',
  path: '/getAllProducts',
  tags: ['catalog'],
  summary: 'Products, newest first or best match first',
  request: { query: productListQuerySchema },
  responses: { 200: jsonReply(productListResponseSchema) },
});
const productDetails = createRoute({
  method: 'get',
  path: '/getProductDetails/{id}',
  tags: ['catalog'],
  summary: 'One product',
  request: { params: productParams },
  responses: { 200: jsonReply(productReplySchema) },
});
const rate = createRoute({
  method: 'put',
  path: '/rateProduct/{id}',
  tags: ['catalog'],
  security: bearerAuth,
  summary: 'Rate a product 1 to 5',
  request: { params: productParams, body: jsonRequest(rateProductSchema) },
  responses: { 200: jsonReply(rateProductReplySchema) },
});
const categoryList = createRoute({ method: 'get', path: '/getAllCategories', tags: ['catalog'], summary: 'Every category', responses: { 200: jsonReply(categoriesReplySchema) } });
const categoryProducts = createRoute({
  method: 'get',
  path: '/{nameOrId}/products',
  tags: ['catalog'],
  summary: "A category's products (name in any case, or id)",
  request: { params: z.object({ nameOrId: categoryNameOrIdParam }), query: categoryProductsQuerySchema },
  responses: { 200: jsonReply(categoryProductsReplySchema) },
});

export function productRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, { ...productList, middleware: [cachedResponse(deps, { skip: dependsOnOrders })] }, async (c) => {
    const { products, pagination, suggestions } = await listProducts(deps, c.req.valid('query'));
    showsProducts(c, products);
    return c.json({ success: true, productList: products, pagination, ...(suggestions ? { suggestions } : {}) });
  });
  addRoute(app, { ...productDetails, middleware: [cachedResponse(deps)] }, async (c) => {
    const product = await getProduct(deps, c.req.param('id'));
    showsProducts(c, [product]);
    return c.json({ success: true, product });
  });
  addRoute(app, { ...rate, middleware: [requireUser(deps)] }, async (c) => {
    const product = await rateProduct(deps, c.get('user').id, c.req.param('id'), c.req.valid('json').rating);
    return c.json({ success: true, message: `You rated this product ${c.req.valid('json').rating} stars`, product });
  });
  return app;
}

export function categoryRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, { ...categoryList, middleware: [cachedResponse(deps)] }, async (c) => c.json({ success: true, categories: await listCategories(deps) }));
  addRoute(app, { ...categoryProducts, middleware: [cachedResponse(deps)] }, async (c) => {
    const { category, products, pagination } = await listCategoryProducts(deps, c.req.param('nameOrId'), c.req.valid('query'));
    showsProducts(c, products);
    const message = products.length ? `Products in ${category.name}` : 'No products available in the category';
    return c.json({ success: true, category, products, pagination, message });
  });
  return app;
}
