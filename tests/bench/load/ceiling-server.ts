// The ceiling: a bare Hono app on the same Node, no database and no middleware. /small answers a
// small JSON body; /page answers the bytes of a real catalog page (read from the shop at start), so
// the shop's catalog reads can be judged against what this machine can serve at all.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const pageUrl = process.argv[2];
const page = pageUrl ? new Uint8Array(await (await fetch(pageUrl)).arrayBuffer()) : new Uint8Array();

const app = new Hono()
  .get('/small', (c) => c.json({ success: true, message: 'ok' }))
  .get('/page', (c) => c.body(page, 200, { 'Content-Type': 'application/json' }));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
