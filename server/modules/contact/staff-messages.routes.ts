// /api/admin/messages: contact-form messages for staff to read and mark handled. Mounted inside
// staffRoutes (modules/staff); each call allows staff and owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { serialParam } from '../../lib/path-params';
import { listMessages, markHandled } from './staff-messages.service';
import { markHandledSchema, staffMessageResponseSchema, staffMessagesQuerySchema, staffMessagesResponseSchema } from './staff-messages.schema';

const messages = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/messages',
  summary: 'Contact-form messages, newest first',
  request: { query: staffMessagesQuerySchema },
  responses: { 200: jsonReply(staffMessagesResponseSchema) },
});
const messageHandled = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/messages/{id}/handled',
  summary: 'Mark a message handled (or not)',
  request: { params: z.object({ id: serialParam('Message not found') }), body: jsonRequest(markHandledSchema) },
  responses: { 200: jsonReply(staffMessageResponseSchema) },
});

export function addStaffMessageRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, messages, async (c) => c.json({ success: true as const, ...(await listMessages(deps, c.req.valid('query'))) }));
  addRoute(app, messageHandled, async (c) => {
    const contactMessage = await markHandled(deps, c.get('user'), c.req.param('id'), c.req.valid('json').handled);
    return c.json({ success: true as const, message: contactMessage.handledAt ? 'Marked handled' : 'Marked not handled', contactMessage });
  });
}
