// /api/admin: riders' cash as the console keeps it: each rider's ledger, the handover staff count and
// the rider confirms with a code, and the day per rider (also as CSV). Mounted inside staffRoutes
// (modules/staff); each call allows staff and owners (consoleCall).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { actingAccount, consoleCall } from '../auth/auth.middleware';
import { cashDayQuerySchema, cashDayReplySchema, confirmHandoverSchema, handoverReplySchema, handoverSchema, ledgerReplySchema } from './cash.schema';
import { cashDay, cashDayCsv } from './cash-day.service';
import { confirmHandover, riderLedger, startHandover } from './cash.service';

const riderParams = z.object({ id: idParam('Rider not found') });

const ledger = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/riders/{id}/ledger',
  summary: "A rider's cash ledger: cash in hand, variance, and every collection and handover, newest first",
  description: '`cash.unexplained` is the variance no note explains: 0 when the ledger balances. `pendingHandover` is a count waiting for the rider\'s code.',
  request: { params: riderParams },
  responses: { 200: jsonReply(ledgerReplySchema) },
});
const handover = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/riders/{id}/handover',
  summary: "Record the cash counted from a rider; the rider confirms it with the code sent to their phone",
  description: [
    '`amount` is what staff counted (frw). A count that differs from the rider\'s cash in hand needs `note` saying why (400 with `errors[0].param` = `note`). The count waits for the rider: a 6-digit code goes to their phone by SMS; confirm it with the call below within 30 minutes. A new count replaces one still waiting.',
    'Once confirmed, the rider holds nothing: what was counted is handed over, and what is missing (or over) is the rider\'s variance, with the note.',
  ].join('\n\n'),
  request: { params: riderParams, body: jsonRequest(handoverSchema) },
  responses: { 201: jsonReply(handoverReplySchema, 'Counted; waiting for the rider\'s code') },
});
const confirm = createRoute({
  ...consoleCall,
  method: 'post',
  path: '/riders/{id}/handover/{handoverId}/confirm',
  summary: "Confirm a handover with the code the rider received",
  description: 'A wrong or expired code is a 400 (`errors[0].param` = `code`); five wrong codes end the handover: count again. Should the rider hold more than when counted (a delivery since), 409: count again.',
  request: { params: riderParams.extend({ handoverId: idParam('Handover not found') }), body: jsonRequest(confirmHandoverSchema) },
  responses: { 200: jsonReply(handoverReplySchema) },
});
const day = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/cash/day',
  summary: 'The day per rider: orders delivered, amounts expected, collected by method, fees, refused lines, handed over, variance',
  description: 'A Kigali day (`date`, YYYY-MM-DD; today when left out). For the orders each rider delivered that day, `expected` = `cash` + `momo` + `payCode` + `shopCash` + `outstanding` - `refunds`. `handedOver`, `variance` and `unexplained` are the handovers confirmed that day; `cashInHand` is now.',
  request: { query: cashDayQuerySchema },
  responses: { 200: jsonReply(cashDayReplySchema) },
});
const dayCsv = createRoute({
  ...consoleCall,
  method: 'get',
  path: '/cash/day.csv',
  summary: 'The same day as CSV (one row per rider, then the totals)',
  request: { query: cashDayQuerySchema },
  responses: { 200: { description: 'text/csv', content: { 'text/csv': { schema: z.string() } } } },
});

export function addStaffCashRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, ledger, async (c) => c.json({ success: true as const, ...(await riderLedger(deps, c.req.param('id'))) }));
  addRoute(app, handover, async (c) => {
    const counted = await startHandover(deps, actingAccount(c), c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true as const, message: "Counted: ask the rider for the code sent to their phone", ...counted }, 201);
  });
  addRoute(app, confirm, async (c) => {
    const done = await confirmHandover(deps, actingAccount(c), c.req.param('id'), c.req.param('handoverId'), c.req.valid('json').code);
    return c.json({ success: true as const, message: 'Handover recorded', ...done });
  });
  addRoute(app, day, async (c) => c.json({ success: true as const, ...(await cashDay(deps, c.req.valid('query').date)) }));
  addRoute(app, dayCsv, async (c) => {
    const { date, csv } = await cashDayCsv(deps, c.req.valid('query').date);
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="cash-${date}.csv"`, 'Cache-Control': 'no-store' });
  });
}
