// /address/* (docs/api.md): the caller's own addresses; anyone else's id answers 404.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, bearerAuth, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { messageReplySchema } from '../../lib/replies';
import { addressInputSchema, addressListReplySchema, addressReplySchema } from './addresses.schema';
import { ADDRESS_NOT_FOUND, createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service';

const addressCall = { tags: ['address'], security: bearerAuth };
const addressParams = z.object({ id: idParam(ADDRESS_NOT_FOUND) });

const create = createRoute({
  ...addressCall,
  method: 'post',
  path: '/create',
  summary: 'Add an address (the first is default)',
  request: { body: jsonRequest(addressInputSchema) },
  responses: { 201: jsonReply(addressReplySchema, 'Added') },
});
const list = createRoute({ ...addressCall, method: 'get', path: '/allAddress', summary: "The caller's addresses, default first", responses: { 200: jsonReply(addressListReplySchema) } });
const update = createRoute({
  ...addressCall,
  method: 'put',
  path: '/update/{id}',
  summary: 'Change an address',
  request: { params: addressParams, body: jsonRequest(addressInputSchema) },
  responses: { 200: jsonReply(addressReplySchema) },
});
const remove = createRoute({ ...addressCall, method: 'delete', path: '/delete/{id}', summary: 'Delete an address', request: { params: addressParams }, responses: { 200: jsonReply(messageReplySchema) } });

export function addressRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addRoute(app, create, async (c) => {
    const address = await createAddress(deps, c.get('user').id, c.req.valid('json'));
    return c.json({ success: true, message: 'Address added successfully!', address }, 201);
  });
  addRoute(app, list, async (c) => {
    const addresses = await listAddresses(deps, c.get('user').id);
    return c.json({ success: true, addresses, data: addresses });
  });
  addRoute(app, update, async (c) => {
    const address = await updateAddress(deps, c.get('user').id, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, message: 'Address updated successfully', address });
  });
  addRoute(app, remove, async (c) => {
    await deleteAddress(deps, c.get('user').id, c.req.param('id'));
    return c.json({ success: true, message: 'Address deleted successfully' });
  });
  return app;
}
