// The catalog as staff edit it in the console (/api/admin/products, /categories, /uploads): every
// product and category, hidden ones too, and the images staff upload. Plain zod only: the web
// console imports this file (/api/docs lists the calls).
import { z } from 'zod';
import { pageNumber, paginationSchema } from '../../lib/fields';
import { categorySchema, productSchema } from './catalog.schema';

/** A product as staff see it: hidden ones included. */
export const staffProductSchema = productSchema.extend({
  hidden: z.boolean(),
  /** The stored image reference (e.g. /uploads/ab12.webp or /images/x.jpg), to send back unchanged on edit. */
  imagePath: z.string(),
});
export type StaffProduct = z.infer<typeof staffProductSchema>;

export const staffCategorySchema = categorySchema.extend({
  hidden: z.boolean(),
  imagePath: z.string(),
  productCount: z.number().int(),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;

/** GET /api/admin/products query: hidden products are listed too; newest first. */
export const staffProductsQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(20, 100),
  search: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, 100) || undefined),
  category: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim() || undefined),
});
export type StaffProductsQuery = z.infer<typeof staffProductsQuerySchema>;

const frwAmount = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of frw` })
    .positive(`${label} must be more than 0`)
    .max(100_000_000, `${label} is too large`)
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} may have at most 2 decimals`);

/** /api answers carry images as absolute URLs (PUBLIC_BASE_URL): the shop stores only the path part. */
function sitePathOf(value: unknown): unknown {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return value;
  try {
    return new URL(value.trim()).pathname;
  } catch {
    return value;
  }
}

/** An image reference: a path the server gave back from /api/admin/uploads, or one of the shop's own images. */
export const imagePathField = z.preprocess(
  sitePathOf,
  z
  .string({ error: 'Choose an image' })
  .trim()
  .min(1, 'Choose an image')
  .max(300)
  .regex(/^\/(uploads\/[A-Za-z0-9_-]+\.(jpg|png|webp)|images\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(svg|jpg|jpeg|png|webp))$/, 'Upload an image first (the image must be one the shop stores)'),
);

/** A step or minimum of a measured unit: more than 0, at most three decimals (0.25 kg). */
const measure = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .max(999, `${label} is too large`)
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, `${label} may have at most 3 decimals`);

/** POST /api/admin/products (every field) and PUT /api/admin/products/:id (any of them). */
export const productInputSchema = z
  .object({
    productname: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
    localName: z
      .string()
      .trim()
      .max(120, 'Local name must be at most 120 characters')
      .nullable()
      .optional()
      .transform((value) => value || null),
    productUnit: z.string({ error: 'Unit is required' }).trim().min(1, 'Unit is required').max(30, 'Unit must be at most 30 characters'),
    price: frwAmount('Price'),
    offerPrice: z
      .union([z.literal(''), z.null(), frwAmount('Offer price')])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
    categoryId: z.string({ error: 'Choose a category' }).trim().min(1, 'Choose a category').max(64),
    image: imagePathField,
    inStock: z.boolean().default(true),
    hidden: z.boolean().default(false),
    /** Only for a measured unit (kg, litre): sold in multiples of quantityStep from minQuantity. Whole units ignore them. */
    quantityStep: measure('Quantity step').optional(),
    minQuantity: measure('Minimum quantity').optional(),
  })
  .refine((value) => value.offerPrice === null || value.offerPrice < value.price, {
    message: 'Offer price must be less than the price',
    path: ['offerPrice'],
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/** PUT /api/admin/products/:id: any subset of the fields (e.g. {inStock:false} or {hidden:true}). */
export const productPatchSchema = z.object({
  productname: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters').optional(),
  localName: z.string().trim().max(120, 'Local name must be at most 120 characters').nullable().optional(),
  productUnit: z.string().trim().min(1, 'Unit is required').max(30, 'Unit must be at most 30 characters').optional(),
  price: frwAmount('Price').optional(),
  offerPrice: z
    .union([z.literal(''), z.null(), frwAmount('Offer price')])
    .optional()
    .transform((value) => (value === '' ? null : value)),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').optional(),
  categoryId: z.string().trim().min(1, 'Choose a category').max(64).optional(),
  image: imagePathField.optional(),
  inStock: z.boolean().optional(),
  hidden: z.boolean().optional(),
  quantityStep: measure('Quantity step').optional(),
  minQuantity: measure('Minimum quantity').optional(),
});
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const staffProductsResponseSchema = z.object({ success: z.literal(true), products: z.array(staffProductSchema), pagination: paginationSchema });
/** GET /api/admin/products/:id: one product, hidden ones too (404 'Product not found'). */
export const staffProductOneResponseSchema = z.object({ success: z.literal(true), product: staffProductSchema });
export const staffProductResponseSchema = z.object({ success: z.literal(true), message: z.string(), product: staffProductSchema });

/** POST /api/admin/categories (every field) and PUT /api/admin/categories/:id (any of them). Names are unique (409). */
export const categoryInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  image: imagePathField,
  hidden: z.boolean().default(false),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export const categoryPatchSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters').optional(),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
  image: imagePathField.optional(),
  hidden: z.boolean().optional(),
});
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;

export const staffCategoriesResponseSchema = z.object({ success: z.literal(true), categories: z.array(staffCategorySchema) });
export const staffCategoryResponseSchema = z.object({ success: z.literal(true), message: z.string(), category: staffCategorySchema });

/** POST /api/admin/uploads: multipart form, one file in the field `image`. */
export const IMAGE_UPLOAD_FIELD = 'image';
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  /** Send this as a product's or category's `image`. */
  image: z.string(),
  /** Where the image is served, absolute, for a preview. */
  url: z.string(),
  type: z.enum(IMAGE_TYPES),
  size: z.number().int(),
});

/** POST /admin/uploads: a multipart form with the image in this field. */
export const imageUploadFormSchema = z.object({
  [IMAGE_UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: 'JPEG, PNG or WebP, at most 2 MB' }),
});
