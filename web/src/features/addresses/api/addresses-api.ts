// The address calls of docs/api.md: list, create, update, delete (the caller's own addresses only).
import { api } from '@web/lib/api-client';
import type { Address, AddressInput, AddressListReply, AddressReply } from '@server/modules/addresses/addresses.schema';
import type { MessageReply } from '@server/lib/replies';

export async function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  const body = await api.get('address/allAddress', { signal }).json<AddressListReply>();
  // docs/api.md: `addresses`, also readable as `data` (docs/product.md section 7).
  return body.addresses ?? body.data ?? [];
}

export async function createAddress(input: AddressInput): Promise<Address> {
  const body = await api.post('address/create', { json: input }).json<AddressReply>();
  return body.address;
}

export async function updateAddress(id: string, input: AddressInput): Promise<Address> {
  const body = await api
    .put(`address/update/${encodeURIComponent(id)}`, { json: input })
    .json<AddressReply>();
  return body.address;
}

export async function deleteAddress(id: string): Promise<void> {
  await api.delete(`address/delete/${encodeURIComponent(id)}`).json<MessageReply>();
}
