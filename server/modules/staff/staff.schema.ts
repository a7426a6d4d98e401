// The staff console's contract: every /api/admin/* call's input and output, as zod shapes.
// Plain zod only: the web console imports this file. Routes are listed in docs/staff-api.md.
//
// Every /api/admin/* call needs `Authorization: Bearer <token>` of an account with the staff role:
// no token, or a bad one: 401 (message contains "token"); a shopper's token: 403 "Staff only".
// Errors have the API's usual shape {success:false, message, error, errors?}.
import { z } from 'zod';
import { pageNumber, paginationSchema } from '../../lib/fields';
import { categorySchema, productSchema } from '../catalog/catalog.schema';
import { ORDER_STATUSES, PAYMENT_STATUSES, orderSchema } from '../orders/orders.schema';
import { momoRequestSchema } from '../payments/payments.schema';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an order may go next (issue 9). Delivered and cancelled are final. */
export const NEXT_ORDER_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** A MoMo payment is settled once: pending becomes completed or failed; a failed one may still be confirmed. */
export const NEXT_PAYMENT_STATUSES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['completed', 'failed'],
  failed: ['completed'],
  completed: [],
};

export const ORDER_CHANNELS = ['web', 'chat', 'ussd'] as const;

const optionalNote = z
  .string()
  .trim()
  .max(500, 'A note must be at most 500 characters')
  .optional()
  .transform((value) => value || undefined);

// ---------------------------------------------------------------- orders

/** GET /api/admin/orders query. `search`: order number (the 8 characters shoppers see), invoice number, phone or name. */
export const staffOrdersQuerySchema = z.object({
  page: pageNumber(1, 10_000),
  limit: pageNumber(20, 100),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  search: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim().slice(0, 100) || undefined),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;

export const customerSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

/** An order as staff see it: the shopper's Order plus who, from where, and the MoMo reference. */
export const staffOrderSchema = orderSchema.extend({
  orderNumber: z.string(), // last 8 characters of _id, upper-cased: what the shopper reads out
  channel: z.enum(ORDER_CHANNELS),
  customer: customerSchema,
  momoTransactionId: z.string().nullable(),
  updatedAt: z.string(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const HISTORY_KINDS = ['status', 'payment'] as const;

/** One recorded change: who, when, from, to, note. Nothing is overwritten without one of these. */
export const orderHistoryEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  from: z.string(),
  to: z.string(),
  note: z.string().nullable(),
  momoTransactionId: z.string().nullable(),
  at: z.string(),
  by: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/**
 * GET /api/admin/orders/:id: the order, its history (oldest first), the moves allowed from here, and
 * every MoMo request-to-pay made for it (newest first; none for a pay-code order staff confirm by hand).
 */
export const staffOrderDetailSchema = staffOrderSchema.extend({
  history: z.array(orderHistoryEntrySchema),
  momoRequests: z.array(momoRequestSchema),
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  nextPaymentStatuses: z.array(z.enum(PAYMENT_STATUSES)),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

export const staffOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(staffOrderSchema),
  pagination: paginationSchema,
});

export const staffOrderResponseSchema = z.object({
  success: z.literal(true),
  order: staffOrderDetailSchema,
});

/**
 * POST /api/admin/orders/:id/status. `expectedStatus` is the status the caller saw: if the order has
 * moved since, the answer is 409 with the order as it is now (`order`), so two staff cannot both win.
 */
export const changeOrderStatusSchema = z.object({
  expectedStatus: z.enum(ORDER_STATUSES, { error: 'Send the status you saw as expectedStatus' }),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  note: optionalNote,
});
export type ChangeOrderStatusInput = z.infer<typeof changeOrderStatusSchema>;

/**
 * POST /api/admin/orders/:id/payment. Confirming needs the MoMo transaction id; failing does not.
 * `expectedPaymentStatus` works as `expectedStatus` above (409 with the current order on a mismatch).
 */
export const changePaymentSchema = z
  .object({
    expectedPaymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Send the payment status you saw as expectedPaymentStatus' }),
    paymentStatus: z.enum(['completed', 'failed'], { error: 'Payment status must be completed or failed' }),
    momoTransactionId: z
      .string()
      .trim()
      .max(100, 'The MoMo transaction id must be at most 100 characters')
      .optional()
      .transform((value) => value || undefined),
    note: optionalNote,
  })
  .superRefine((value, ctx) => {
    if (value.paymentStatus === 'completed' && !value.momoTransactionId) {
      ctx.addIssue({ code: 'custom', path: ['momoTransactionId'], message: 'Enter the MoMo transaction id to confirm a payment' });
    }
  });
export type ChangePaymentInput = z.infer<typeof changePaymentSchema>;

/** Answer of both order changes; a 409 carries {success:false, message, error:'conflict', order} instead. */
export const orderChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: staffOrderDetailSchema,
});

// ---------------------------------------------------------------- catalog

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

// ---------------------------------------------------------------- the day

export const dashboardDaySchema = z.object({
  date: z.string(), // YYYY-MM-DD, Kigali time (UTC+2)
  orders: z.number().int(),
  sales: z.number(), // frw, cancelled orders left out
});

/** GET /api/admin/dashboard: today (Kigali) and the last 30 days, today last, every day present. */
export const dashboardResponseSchema = z.object({
  success: z.literal(true),
  today: z.object({
    date: z.string(),
    orders: z.number().int(),
    sales: z.number(),
    /** Orders whose MoMo payment is still pending (not cancelled). */
    awaitingPayment: z.number().int(),
    /** Orders paid or in progress that are not yet delivered: processing or shipped. */
    awaitingDelivery: z.number().int(),
  }),
  days: z.array(dashboardDaySchema),
  unhandledMessages: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardResponseSchema>;


/** POST /admin/uploads: a multipart form with the image in this field. */
export const imageUploadFormSchema = z.object({
  [IMAGE_UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: 'JPEG, PNG or WebP, at most 2 MB' }),
});
