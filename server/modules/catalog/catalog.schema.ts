// Products, categories and ratings as the API speaks them (docs/product.md section 3, docs/api.md).
import { z } from 'zod';
import { CATEGORY_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from '../../lib/page-sizes';
import { imageUrlField, pageNumber, paginationSchema } from '../../lib/fields';
import { productStockSchema } from '../stock/stock.schema';

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: imageUrlField,
  description: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  _id: z.string(),
  productname: z.string(),
  localName: z.string().optional(),
  price: z.number(),
  offerPrice: z.number().nullable().optional(),
  productImage: imageUrlField,
  productUnit: z.string(),
  /** How much a line may hold: multiples of the step from the minimum (0.5 kg from 0.5 kg); whole units 1 and 1. */
  quantityStep: z.number(),
  minQuantity: z.number(),
  description: z.string(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  /** Staff's in-stock mark; for a product that keeps a stock count, also whether some is left. */
  inStock: z.boolean(),
  /** Only on a product that keeps a stock count. */
  stock: productStockSchema.optional(),
  productCategory: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;


export const productListQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(PRODUCTS_PAGE_SIZE),
  // Any text is a valid search; it is cut to a sensible length rather than refused.
  search: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, 200)),
  category: z
    .string()
    .optional()
    .transform((value) => {
      const trimmed = (value ?? '').trim();
      return trimmed && trimmed !== 'null' && trimmed !== 'undefined' ? trimmed : undefined;
    }),
  // 'popular': most ordered over the last 30 days, then best rated, then newest. Ignored with a search.
  sort: z
    .string()
    .optional()
    .transform((value) => (value?.trim().toLowerCase() === 'popular' ? ('popular' as const) : ('newest' as const))),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const categoryProductsQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(CATEGORY_PAGE_SIZE),
});
export type CategoryProductsQuery = z.infer<typeof categoryProductsQuerySchema>;

export const rateProductSchema = z.object({
  // A number, or digits as text; true or [5] are not ratings (plain coercion would read them as 1 and 5).
  rating: z
    .union([z.number(), z.string()], { error: 'Rating must be a number from 1 to 5' })
    .pipe(
      z.coerce
        .number<string | number>({ error: 'Rating must be a number from 1 to 5' })
        .int('Rating must be a whole number from 1 to 5')
        .min(1, 'Rating must be from 1 to 5')
        .max(5, 'Rating must be from 1 to 5'),
    ),
});

export const productListResponseSchema = z.object({
  success: z.literal(true),
  productList: z.array(productSchema),
  pagination: paginationSchema,
  /** Only on a search that found nothing: close product or category names to try. */
  suggestions: z.array(z.string()).optional(),
});
export type ProductListReply = z.infer<typeof productListResponseSchema>;

/** GET /product/getProductDetails/:id. */
export const productReplySchema = z.object({ success: z.boolean(), product: productSchema });
export type ProductReply = z.infer<typeof productReplySchema>;
/** PUT /product/rateProduct/:id: the product with its new average. */
export const rateProductReplySchema = productReplySchema.extend({ message: z.string() });
export type RateProductReply = z.infer<typeof rateProductReplySchema>;
/** GET /category/getAllCategories. */
export const categoriesReplySchema = z.object({ success: z.boolean(), categories: z.array(categorySchema) });
export type CategoriesReply = z.infer<typeof categoriesReplySchema>;
/** GET /category/:nameOrId/products: a page of the category's products, newest first. */
export const categoryProductsReplySchema = z.object({
  success: z.boolean(),
  category: categorySchema,
  products: z.array(productSchema),
  pagination: paginationSchema,
  message: z.string(),
});
export type CategoryProductsReply = z.infer<typeof categoryProductsReplySchema>;
