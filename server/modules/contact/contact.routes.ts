import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import type { RouteDoc } from '../../lib/openapi-legacy';
import { jsonBody } from '../../lib/validate';
import { contactMessageSchema } from './contact.schema';
import { sendContactMessage } from './contact.service';

export function contactRoutes(deps: ShopDeps) {
  return new Hono<AppEnv>().post('/', jsonBody(contactMessageSchema), async (c) => {
    await sendContactMessage(deps, c.req.valid('json'));
    return c.json({ success: true, message: "Message sent! We'll get back to you soon." }, 201);
  });
}

export const contactDocs: RouteDoc[] = [
  { method: 'post', path: '/contact', tag: 'contact', summary: 'Send the shop a message', body: contactMessageSchema, response: z.object({ success: z.boolean(), message: z.string() }), status: 201 },
];
