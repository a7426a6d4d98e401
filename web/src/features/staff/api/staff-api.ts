// Every staff call of the console (listed at /api/docs; each module's staff-*.routes.ts), one small function each.
// Shapes are the server's zod types; the token travels with every call through api-client.
import { api, toApiError } from '@web/lib/api-client';
import type { z } from 'zod';
import type {
  changeOrderStatusSchema,
  changePaymentSchema,
  Dashboard,
  orderChangeResponseSchema,
  staffOrderResponseSchema,
  staffOrdersResponseSchema,
} from '@server/modules/orders/staff-orders.schema';
import type {
  categoryInputSchema,
  categoryPatchSchema,
  productInputSchema,
  productPatchSchema,
  staffCategoriesResponseSchema,
  staffCategoryResponseSchema,
  StaffProduct,
  staffProductOneResponseSchema,
  staffProductResponseSchema,
  staffProductsResponseSchema,
  uploadResponseSchema,
} from '@server/modules/catalog/staff-catalog.schema';
import type { staffMessageResponseSchema, staffMessagesResponseSchema } from '@server/modules/contact/staff-messages.schema';
import type { GrantRoleInput, staffListResponseSchema, staffMemberResponseSchema } from '@server/modules/users/staff-members.schema';
import type { GrantedRole } from '@server/modules/auth/role-lists.schema';

// What a call sends: the schemas' input side (optional fields may be left out; the server fills defaults).
type ChangeOrderStatusInput = z.input<typeof changeOrderStatusSchema>;
type ChangePaymentInput = z.input<typeof changePaymentSchema>;
type ProductInput = z.input<typeof productInputSchema>;
type ProductPatch = z.input<typeof productPatchSchema>;
type CategoryInput = z.input<typeof categoryInputSchema>;
type CategoryPatch = z.input<typeof categoryPatchSchema>;
// What a call answers: the schemas' output side, as the server's routes declare them.
type Reply<S extends z.ZodType> = z.infer<S>;

/** Query values left empty are not sent, so the server applies its defaults. */
function query(values: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as Record<
    string,
    string | number | boolean
  >;
}

export function fetchDashboard() {
  return api.get('admin/dashboard').json<Dashboard>();
}

export interface OrdersFilter {
  page: number;
  status?: string;
  paymentStatus?: string;
  search?: string;
}

export function fetchOrders(filter: OrdersFilter, limit = 20) {
  return api
    .get('admin/orders', { searchParams: query({ ...filter, limit }) })
    .json<Reply<typeof staffOrdersResponseSchema>>();
}

export async function fetchOrder(orderId: string) {
  const body = await api.get(`admin/orders/${encodeURIComponent(orderId)}`).json<Reply<typeof staffOrderResponseSchema>>();
  return body.order;
}

export async function changeOrderStatus(orderId: string, input: ChangeOrderStatusInput) {
  return api
    .post(`admin/orders/${encodeURIComponent(orderId)}/status`, { json: input })
    .json<Reply<typeof orderChangeResponseSchema>>();
}

export async function changePayment(orderId: string, input: ChangePaymentInput) {
  return api
    .post(`admin/orders/${encodeURIComponent(orderId)}/payment`, { json: input })
    .json<Reply<typeof orderChangeResponseSchema>>();
}

export function fetchProducts(filter: { page: number; search?: string; category?: string }, limit = 20) {
  return api
    .get('admin/products', { searchParams: query({ ...filter, limit }) })
    .json<Reply<typeof staffProductsResponseSchema>>();
}

export function createProduct(input: ProductInput) {
  return api.post('admin/products', { json: input }).json<Reply<typeof staffProductResponseSchema>>();
}

export function updateProduct(productId: string, patch: ProductPatch) {
  return api
    .put(`admin/products/${encodeURIComponent(productId)}`, { json: patch })
    .json<Reply<typeof staffProductResponseSchema>>();
}

export function fetchCategories() {
  return api.get('admin/categories').json<Reply<typeof staffCategoriesResponseSchema>>();
}

export function createCategory(input: CategoryInput) {
  return api.post('admin/categories', { json: input }).json<Reply<typeof staffCategoryResponseSchema>>();
}

export function updateCategory(categoryId: string, patch: CategoryPatch) {
  return api
    .put(`admin/categories/${encodeURIComponent(categoryId)}`, { json: patch })
    .json<Reply<typeof staffCategoryResponseSchema>>();
}

/** Multipart: ky must not send the JSON content type, so the browser writes the boundary itself. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return api
    .post('admin/uploads', {
      body: form,
      headers: { 'Content-Type': undefined },
      timeout: 30_000,
    })
    .json<Reply<typeof uploadResponseSchema>>();
}

export function fetchMessages(filter: { page: number; handled?: 'true' | 'false' }, limit = 20) {
  return api
    .get('admin/messages', { searchParams: query({ ...filter, limit }) })
    .json<Reply<typeof staffMessagesResponseSchema>>();
}

export function markMessageHandled(messageId: string, handled: boolean) {
  return api
    .post(`admin/messages/${encodeURIComponent(messageId)}/handled`, { json: { handled } })
    .json<Reply<typeof staffMessageResponseSchema>>();
}

export function fetchStaff() {
  return api.get('admin/staff').json<Reply<typeof staffListResponseSchema>>();
}

/** A role (staff unless said) for an existing account, by its e-mail or phone number. */
export function grantRole(input: GrantRoleInput) {
  return api.post('admin/staff', { json: input }).json<Reply<typeof staffMemberResponseSchema>>();
}

export function addRole(userId: string, role: GrantedRole) {
  return api.post(`admin/staff/${encodeURIComponent(userId)}/roles`, { json: { role } }).json<Reply<typeof staffMemberResponseSchema>>();
}

export function removeRole(userId: string, role: GrantedRole) {
  return api
    .delete(`admin/staff/${encodeURIComponent(userId)}/roles/${encodeURIComponent(role)}`)
    .json<Reply<typeof staffMemberResponseSchema>>();
}

/** Every role someone holds, taken away at once. */
export function removeMember(userId: string) {
  return api.delete(`admin/staff/${encodeURIComponent(userId)}`).json<Reply<typeof staffMemberResponseSchema>>();
}

/** One product by id, hidden ones too, as it is now; null when there is no such product (404). */
export async function fetchProduct(productId: string): Promise<StaffProduct | null> {
  try {
    const body = await api.get(`admin/products/${encodeURIComponent(productId)}`).json<Reply<typeof staffProductOneResponseSchema>>();
    return body.product;
  } catch (error) {
    const failure = await toApiError(error, 'Could not load the product');
    if (failure.status === 404) return null;
    throw failure;
  }
}
