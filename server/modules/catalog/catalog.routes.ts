// /product/* and /category/* (API.md).
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { paginationSchema } from '../../lib/fields';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody, queryParams } from '../../lib/validate';
import { cachedResponse } from './catalog-cache';
import {
  categoryProductsQuerySchema,
  categorySchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  rateProductSchema,
} from './catalog.schema';
import { dependsOnOrders, getProduct, listCategories, listCategoryProducts, listProducts, rateProduct } from './catalog.service';

export function productRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .get('/getAllProducts', cachedResponse(deps, { skip: dependsOnOrders }), queryParams(productListQuerySchema), async (c) => {
      const { products, pagination, suggestions } = await listProducts(deps, c.req.valid('query'));
      return c.json({ success: true, productList: products, pagination, ...(suggestions ? { suggestions } : {}) });
    })
    .get('/getProductDetails/:id', cachedResponse(deps), async (c) => c.json({ success: true, product: await getProduct(deps, c.req.param('id')) }))
    .put('/rateProduct/:id', requireUser(deps), jsonBody(rateProductSchema), async (c) => {
      const product = await rateProduct(deps, c.get('user').id, c.req.param('id'), c.req.valid('json').rating);
      return c.json({ success: true, message: `You rated this product ${c.req.valid('json').rating} stars`, product });
    });
}

export function categoryRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .get('/getAllCategories', cachedResponse(deps), async (c) => c.json({ success: true, categories: await listCategories(deps) }))
    .get('/:nameOrId/products', cachedResponse(deps), queryParams(categoryProductsQuerySchema), async (c) => {
      const { category, products, pagination } = await listCategoryProducts(deps, c.req.param('nameOrId'), c.req.valid('query'));
      const message = products.length ? `Products in ${category.name}` : 'No products available in the category';
      return c.json({ success: true, category, products, pagination, message });
    });
}

export const catalogDocs: RouteDoc[] = [
  { method: 'get', path: '/product/getAllProducts', tag: 'catalog', summary: 'Products, newest first or best match first', query: productListQuerySchema, response: productListResponseSchema },
  { method: 'get', path: '/product/getProductDetails/{id}', tag: 'catalog', summary: 'One product', response: z.object({ success: z.boolean(), product: productSchema }) },
  { method: 'put', path: '/product/rateProduct/{id}', tag: 'catalog', auth: true, summary: 'Rate a product 1 to 5', body: rateProductSchema, response: z.object({ success: z.boolean(), message: z.string(), product: productSchema }) },
  { method: 'get', path: '/category/getAllCategories', tag: 'catalog', summary: 'Every category', response: z.object({ success: z.boolean(), categories: z.array(categorySchema) }) },
  { method: 'get', path: '/category/{nameOrId}/products', tag: 'catalog', summary: "A category's products (name in any case, or id)", query: categoryProductsQuerySchema, response: z.object({ success: z.boolean(), category: categorySchema, products: z.array(productSchema), pagination: paginationSchema, message: z.string() }) },
];
