// POST /contact: the storefront's contact form (docs/api.md).
import { createRoute } from '@hono/zod-openapi';
import type { ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest, openApiRoutes } from '../../lib/openapi';
import { messageReplySchema } from '../../lib/replies';
import { contactMessageSchema } from './contact.schema';
import { sendContactMessage } from './contact.service';

const send = createRoute({
  method: 'post',
  path: '/',
  tags: ['contact'],
  summary: 'Send the shop a message',
  request: { body: jsonRequest(contactMessageSchema) },
  responses: { 201: jsonReply(messageReplySchema, 'Sent') },
});

export function contactRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  addRoute(app, send, async (c) => {
    await sendContactMessage(deps, c.req.valid('json'));
    return c.json({ success: true, message: "Message sent! We'll get back to you soon." }, 201);
  });
  return app;
}
