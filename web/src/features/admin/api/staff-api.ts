// Every staff call of the console (server/modules/staff, docs/staff-api.md), one small function each.
// Shapes are the server's zod types; the token travels with every call through api-client.
import { api } from '../../../lib/api-client';
import type { Pagination } from '@server/lib/fields';
import type { z } from 'zod';
import type {
  categoryInputSchema,
  categoryPatchSchema,
  changeOrderStatusSchema,
  changePaymentSchema,
  Dashboard,
  productInputSchema,
  productPatchSchema,
  StaffCategory,
  StaffMember,
  StaffMessage,
  StaffOrder,
  StaffOrderDetail,
  StaffProduct,
} from '@server/modules/staff/staff.schema';

// What a call sends: the schemas' input side (optional fields may be left out; the server fills defaults).
type ChangeOrderStatusInput = z.input<typeof changeOrderStatusSchema>;
type ChangePaymentInput = z.input<typeof changePaymentSchema>;
type ProductInput = z.input<typeof productInputSchema>;
type ProductPatch = z.input<typeof productPatchSchema>;
type CategoryInput = z.input<typeof categoryInputSchema>;
type CategoryPatch = z.input<typeof categoryPatchSchema>;

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
    .json<{ orders: StaffOrder[]; pagination: Pagination }>();
}

export async function fetchOrder(orderId: string): Promise<StaffOrderDetail> {
  const body = await api.get(`admin/orders/${encodeURIComponent(orderId)}`).json<{ order: StaffOrderDetail }>();
  return body.order;
}

export async function changeOrderStatus(orderId: string, input: ChangeOrderStatusInput) {
  return api
    .post(`admin/orders/${encodeURIComponent(orderId)}/status`, { json: input })
    .json<{ message: string; order: StaffOrderDetail }>();
}

export async function changePayment(orderId: string, input: ChangePaymentInput) {
  return api
    .post(`admin/orders/${encodeURIComponent(orderId)}/payment`, { json: input })
    .json<{ message: string; order: StaffOrderDetail }>();
}

export function fetchProducts(filter: { page: number; search?: string; category?: string }, limit = 20) {
  return api
    .get('admin/products', { searchParams: query({ ...filter, limit }) })
    .json<{ products: StaffProduct[]; pagination: Pagination }>();
}

export function createProduct(input: ProductInput) {
  return api.post('admin/products', { json: input }).json<{ message: string; product: StaffProduct }>();
}

export function updateProduct(productId: string, patch: ProductPatch) {
  return api
    .put(`admin/products/${encodeURIComponent(productId)}`, { json: patch })
    .json<{ message: string; product: StaffProduct }>();
}

export function fetchCategories() {
  return api.get('admin/categories').json<{ categories: StaffCategory[] }>();
}

export function createCategory(input: CategoryInput) {
  return api.post('admin/categories', { json: input }).json<{ message: string; category: StaffCategory }>();
}

export function updateCategory(categoryId: string, patch: CategoryPatch) {
  return api
    .put(`admin/categories/${encodeURIComponent(categoryId)}`, { json: patch })
    .json<{ message: string; category: StaffCategory }>();
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
    .json<{ image: string; url: string }>();
}

export function fetchMessages(filter: { page: number; handled?: 'true' | 'false' }, limit = 20) {
  return api
    .get('admin/messages', { searchParams: query({ ...filter, limit }) })
    .json<{ messages: StaffMessage[]; pagination: Pagination; unhandled: number }>();
}

export function markMessageHandled(messageId: string, handled: boolean) {
  return api
    .post(`admin/messages/${encodeURIComponent(messageId)}/handled`, { json: { handled } })
    .json<{ message: string; contactMessage: StaffMessage }>();
}

export function fetchStaff() {
  return api.get('admin/staff').json<{ staff: StaffMember[] }>();
}

export function grantStaff(identifier: string) {
  return api.post('admin/staff', { json: { identifier } }).json<{ message: string; member: StaffMember }>();
}

export function revokeStaff(userId: string) {
  return api.delete(`admin/staff/${encodeURIComponent(userId)}`).json<{ message: string; member: StaffMember }>();
}

/**
 * One product by id, hidden ones too. The contract has no single-product call, so this pages through
 * the staff list (100 at a time; the catalog is a few hundred rows). The catalog screen passes the
 * product along when it links here, so this runs only on a reload or a shared link.
 */
export async function findProduct(productId: string): Promise<StaffProduct | null> {
  for (let page = 1; page <= 50; page += 1) {
    const { products, pagination } = await fetchProducts({ page }, 100);
    const found = products.find((product) => product._id === productId);
    if (found) return found;
    if (!pagination.hasNextPage) return null;
  }
  return null;
}
