// /address/* (API.md): the caller's own addresses; anyone else's id answers 404.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../../lib/auth';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody } from '../../lib/validate';
import { addressInputSchema, addressSchema } from './addresses.schema';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service';

export function addressRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .post('/create', jsonBody(addressInputSchema), async (c) => {
      const address = await createAddress(deps, c.get('user').id, c.req.valid('json'));
      return c.json({ success: true, message: 'Address added successfully!', address }, 201);
    })
    .get('/allAddress', async (c) => {
      const addresses = await listAddresses(deps, c.get('user').id);
      return c.json({ success: true, addresses, data: addresses });
    })
    .put('/update/:id', jsonBody(addressInputSchema), async (c) => {
      const address = await updateAddress(deps, c.get('user').id, c.req.param('id'), c.req.valid('json'));
      return c.json({ success: true, message: 'Address updated successfully', address });
    })
    .delete('/delete/:id', async (c) => {
      await deleteAddress(deps, c.get('user').id, c.req.param('id'));
      return c.json({ success: true, message: 'Address deleted successfully' });
    });
}

const reply = z.object({ success: z.boolean(), message: z.string(), address: addressSchema });
export const addressDocs: RouteDoc[] = [
  { method: 'post', path: '/address/create', tag: 'address', auth: true, summary: 'Add an address (the first is default)', body: addressInputSchema, response: reply, status: 201 },
  { method: 'get', path: '/address/allAddress', tag: 'address', auth: true, summary: "The caller's addresses, default first", response: z.object({ success: z.boolean(), addresses: z.array(addressSchema), data: z.array(addressSchema) }) },
  { method: 'put', path: '/address/update/{id}', tag: 'address', auth: true, summary: 'Change an address', body: addressInputSchema, response: reply },
  { method: 'delete', path: '/address/delete/{id}', tag: 'address', auth: true, summary: 'Delete an address', response: z.object({ success: z.boolean(), message: z.string() }) },
];
