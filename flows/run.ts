// npm run flows [files...] [--url http://host:port]   |   npm run flows -- --map
// Plays every flow in this folder (or the files named) on each channel it names, in-process against
// a fresh test database, or against a running server with --url. Exit code 1 if any step fails.
// --map prints the whole menu (every screen and its numbered choices) as a tree instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseFlow, type Flow } from './flow-file';
import type { ShopDeps } from '../server/lib/deps';
import { playFlow, type FlowResult, type PlayOptions } from './player';

const FLOWS_DIR = import.meta.dirname;
export const FLOW_EXTENSION = '.flow';

export function flowFiles(names: string[] = []): string[] {
  if (names.length) return names.map((name) => path.resolve(name));
  return readdirSync(FLOWS_DIR)
    .filter((name) => name.endsWith(FLOW_EXTENSION))
    .sort()
    .map((name) => path.join(FLOWS_DIR, name));
}

export function loadFlow(file: string): Flow {
  return parseFlow(path.basename(file), readFileSync(file, 'utf8'));
}

function readArguments(argv: string[]): { files: string[]; url?: string; map: boolean } {
  const files: string[] = [];
  let url: string | undefined;
  let map = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--url') url = argv[++index];
    else if (arg.startsWith('--url=')) url = arg.slice('--url='.length);
    else if (arg === '--map') map = true;
    else files.push(arg);
  }
  return { files, url, map };
}

/** The newest code the in-process shop sent to a phone, once its sending has finished. */
export async function smsCodeIn(deps: ShopDeps, phone: string): Promise<string | undefined> {
  const [{ backgroundSettled }, { latestOneTimeCodes }] = await Promise.all([
    import('../server/lib/background'),
    import('../server/modules/outbox/outbox.service'),
  ]);
  await backgroundSettled(deps);
  return (await latestOneTimeCodes(deps, { recipient: phone, limit: 1 }))[0]?.code;
}

/**
 * Staff count a product so that `left` are left to sell: a product without a count starts counting,
 * one with a count is adjusted by the difference (what orders hold stays held).
 */
export async function setStockLeft(deps: ShopDeps, productId: string, left: number): Promise<string | undefined> {
  const { changeStock, countsNow } = await import('../server/modules/stock/stock.service');
  const now = (await countsNow(deps.db, [productId])).get(productId);
  const change = Math.round((left - (now ?? 0)) * 1000) / 1000;
  if (!change) return now === undefined ? `${productId} keeps no count, and a count of 0 cannot start one` : undefined;
  await changeStock(deps, { id: 'flows', fullName: 'Flows' }, productId, { change, reason: change > 0 ? 'received' : 'adjusted' });
  return undefined;
}

/** Staff set the delivery fee as the console's PUT /api/admin/delivery/fees does; a reason when the body is refused. */
export async function setDeliveryFees(deps: ShopDeps, body: string): Promise<string | undefined> {
  const [{ deliveryFeesSchema }, { saveDeliveryFees }] = await Promise.all([import('../server/modules/delivery/delivery-fees.schema'), import('../server/modules/delivery/delivery-fees.service')]);
  const parsed = deliveryFeesSchema.safeParse(JSON.parse(body));
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message).join('; ');
  await saveDeliveryFees(deps, { id: 'flows', fullName: 'Flows', email: null, phoneNumber: null, roles: ['owner'] }, parsed.data);
  return undefined;
}

/** A packer records the order with this number as PUT /api/admin/orders/{id}/packing does; a reason when it is refused. */
export async function packOrder(deps: ShopDeps, number: string, body: string): Promise<string | undefined> {
  const [{ sql }, { packingInputSchema }, { recordPacking }] = await Promise.all([import('kysely'), import('../server/modules/orders/order-packing.schema'), import('../server/modules/orders/order-packing.service')]);
  const parsed = packingInputSchema.safeParse(JSON.parse(body));
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message).join('; ');
  const found = await deps.db.selectFrom('orders').select('id').where(sql<boolean>`upper(right(id, 8)) = ${number.replace(/^#/, '').toUpperCase()}`).executeTakeFirst();
  if (!found) return `no order ${number}`;
  // The order's history names who packed: the flows' own packer account, made once.
  await deps.db.insertInto('users').values({ id: 'flows-packer', full_name: 'Flows Packer', email: 'packer@flows.isoko.example' }).onConflict((conflict) => conflict.column('id').doNothing()).execute();
  try {
    await recordPacking(deps, { id: 'flows-packer', fullName: 'Flows Packer', email: null, phoneNumber: null, roles: ['packer'], role: 'packer' }, found.id, parsed.data);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

/**
 * Staff pack the order (its 8-character number or id) and give it to the flows' rider, who picks it
 * up as the rider app does: the order is shipped and the shopper sent their delivery code.
 */
export async function riderPicksUp(deps: ShopDeps, order: string): Promise<string | undefined> {
  const [{ sql }, { findOrCreatePhoneAccount }, { addRider }, { assignOrder }, { riderPickedUp }, { changeOrderStatus }] = await Promise.all([
    import('kysely'),
    import('../server/modules/users/accounts.service'),
    import('../server/modules/dispatch/riders.service'),
    import('../server/modules/dispatch/stops.service'),
    import('../server/modules/dispatch/door.service'),
    import('../server/modules/orders/staff-orders.service'),
  ]);
  const found = await deps.db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where((eb) => eb.or([eb('id', '=', order), eb(sql`upper(right(id, 8))`, '=', order.toUpperCase())]))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!found) return `no order ${order}`;
  // The shop's staff, a real account: the history and the rider's role name who did it.
  const staffAccount = await findOrCreatePhoneAccount(deps, '+250788000100', 'Flow Staff');
  if (!staffAccount) return 'could not make the staff account';
  const staff = { id: staffAccount._id, fullName: 'Flow Staff', email: null, phoneNumber: null, roles: ['owner' as const], role: 'owner' as const };
  const { rider } = await addRider(deps, staff, { phoneNumber: '+250788000111', fullName: 'Flow Rider', cashLimit: null });
  const riderActor = { id: rider._id, fullName: rider.fullName, email: null, phoneNumber: rider.phoneNumber, roles: ['rider' as const], role: 'rider' as const };
  if (found.status === 'pending') await changeOrderStatus(deps, staff, found.id, { expectedStatus: 'pending', status: 'processing', note: undefined });
  await assignOrder(deps, staff, found.id, rider._id);
  await riderPickedUp(deps, riderActor, found.id, `flows-${found.id}`);
  return undefined;
}

/** The shop in this process, on a fresh copy of the seeded test database, its WhatsApp channel sending to a fake Graph API. */
async function inProcessShop(): Promise<{ options: PlayOptions; close: () => Promise<void> }> {
  const [{ openTestDatabase }, { createApp }, { loadConfig }, { silentLogger }, { outboxNotifier }, { startFakeGraphApi, whatsappEnv }, { momoPhone, startFakeMomoCollections }, { backgroundSettled }] = await Promise.all([
    import('../tests/support/database'),
    import('../server/app'),
    import('../server/config'),
    import('../server/lib/logger'),
    import('../server/lib/notifier'),
    import('../tests/support/fake-graph-api'),
    import('../tests/support/fake-momo-collections'),
    import('../server/lib/background'),
  ]);
  const database = await openTestDatabase();
  const graph = await startFakeGraphApi();
  // MTN MoMo's callback reaches this in-process shop directly.
  const momo = await startFakeMomoCollections({ deliverCallback: (url, init) => app.request(new URL(url).pathname, init) });
  const ussdSecret = randomBytes(16).toString('hex');
  const appSecret = randomBytes(16).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    USSD_SECRET: ussdSecret,
    PUBLIC_BASE_URL: 'http://isoko.flows',
    ...whatsappEnv(graph, appSecret, randomBytes(16).toString('hex')),
    ...momo.environment(),
  });
  const log = silentLogger();
  const deps: ShopDeps = { db: database.db, databaseKind: database.kind, config, log, notifier: outboxNotifier(database.db, log) };
  const app = createApp(deps);
  return {
    options: {
      transport: async (p, init) => app.request(p, init),
      ussdSecret,
      whatsapp: { appSecret, sentTo: graph.sentTo },
      readSmsCode: (phone) => smsCodeIn(deps, phone),
      settled: () => backgroundSettled(deps),
      momo: momoPhone(momo, () => backgroundSettled(deps)),
      setClock: (at) => {
        deps.now = at ? () => at : undefined;
      },
      setStock: (productId, left) => setStockLeft(deps, productId, left),
      setFees: (body) => setDeliveryFees(deps, body),
      pack: (number, body) => packOrder(deps, number, body),
      pickUp: (order) => riderPicksUp(deps, order),
    },
    close: async () => {
      await graph.close();
      await momo.close();
      await database.close();
    },
  };
}

function remoteShop(url: string): PlayOptions {
  const base = url.replace(/\/+$/, '');
  // A development server (npm run dev) shows this machine its latest codes; a production one never does.
  const readSmsCode = async (phone: string) => {
    const response = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    if (!response.ok) return undefined;
    const { codes } = (await response.json()) as { codes: Array<{ code: string }> };
    return codes[0]?.code;
  };
  return { transport: (p, init) => fetch(`${base}${p}`, init), ussdSecret: process.env.USSD_SECRET?.trim() || undefined, readSmsCode };
}

function report(result: FlowResult): void {
  const name = `${result.flow.file} [${result.channel}] ${result.flow.title}`;
  if (!result.failures.length) {
    console.log(`PASS ${name}`);
    return;
  }
  console.log(`FAIL ${name}`);
  for (const failure of result.failures) {
    console.log(`  line ${failure.line}: ${failure.source}`);
    console.log(`    ${failure.reason}`);
    console.log(`    reply: ${failure.reply.replace(/\n/g, '\n           ')}`);
  }
}

async function main(): Promise<number> {
  const { files, url, map } = readArguments(process.argv.slice(2));
  if (map) {
    const { menuMap } = await import('./menu-map');
    console.log(menuMap());
    return 0;
  }
  const flows = flowFiles(files).map(loadFlow);
  const shop = url ? { options: remoteShop(url), close: async () => {} } : await inProcessShop();
  let passed = 0;
  let failed = 0;
  try {
    for (const flow of flows) {
      for (const channel of flow.channels) {
        if (!shop.options.setClock && flow.lines.some((line) => line.step.kind === 'clock')) {
          console.log(`SKIP ${flow.file} [${channel}]: it sets the shop's clock, which only an in-process run can`);
          continue;
        }
        if (!shop.options.setFees && flow.lines.some((line) => line.step.kind === 'fees')) {
          console.log(`SKIP ${flow.file} [${channel}]: it sets the delivery fee as staff would, which only an in-process run can`);
          continue;
        }
        if (!shop.options.pack && flow.lines.some((line) => line.step.kind === 'pack')) {
          console.log(`SKIP ${flow.file} [${channel}]: it packs an order as a packer would, which only an in-process run can`);
          continue;
        }
        if (!shop.options.pickUp && flow.lines.some((line) => line.step.kind === 'pick-up')) {
          console.log(`SKIP ${flow.file} [${channel}]: a rider picks an order up, which only an in-process run can`);
          continue;
        }
        if (!shop.options.setStock && flow.lines.some((line) => line.step.kind === 'stock')) {
          console.log(`SKIP ${flow.file} [${channel}]: it counts stock as staff would, which only an in-process run can`);
          continue;
        }
        if (channel === 'whatsapp' && !shop.options.whatsapp) {
          console.log(`SKIP ${flow.file} [whatsapp]: WhatsApp flows play in-process only (they read the replies from a fake Graph API)`);
          continue;
        }
        if (!shop.options.momo && flow.lines.some((line) => line.step.kind === 'phone' || line.step.kind === 'mtn-down')) {
          console.log(`SKIP ${flow.file} [${channel}]: MoMo flows play in-process only (the shopper's phone answers a fake of MTN MoMo)`);
          continue;
        }
        const result = await playFlow(flow, channel, shop.options);
        report(result);
        if (result.failures.length) failed += 1;
        else passed += 1;
      }
    }
  } finally {
    await shop.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
