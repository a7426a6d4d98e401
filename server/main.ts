// Process entry: configuration -> database (migrated, seeded on first start) -> app -> listen. With
// WEB_CONCURRENCY above 1, this process starts that many workers (lib/workers.ts), each doing all that.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp, nodeServing } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { seedCatalogIfEmpty } from './modules/catalog/seed/seed-catalog';
import type { ShopDeps } from './lib/deps';
import { consoleLogger } from './lib/logger';
import { prepareSearch } from './modules/catalog/catalog.service';
import { placeDueBaskets, sendBasketTexts } from './modules/baskets/basket-jobs.service';
import { startJobs, type Job } from './lib/jobs';
import { smtpEmail } from './lib/email/smtp-email';
import { outboxNotifier, retryFailedMessages } from './lib/notifier';
import { whatsappSender } from './channels/whatsapp/whatsapp-sender';
import { shutDownOnSignal } from './lib/shutdown';
import { africasTalkingSms } from './lib/sms/africas-talking-sms';
import { checkDueMomoRequests } from './modules/payments/payments.service';
import { runWorkers } from './lib/workers';

const OUTBOX_RETRY_EVERY_MS = 5 * 60 * 1000;
/** How often this instance looks for MoMo requests due a status check (each is due 5 s to a minute after the last). */
const MOMO_CHECK_EVERY_MS = 2_000;
const BASKETS_EVERY_MS = 60 * 1000;
const BASKET_TEXTS_EVERY_MS = 30 * 1000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const log = consoleLogger();
  if (config.webConcurrency > 1 && cluster.isPrimary) return runWorkers(config.webConcurrency, log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    log,
  });
  const seeded = await seedCatalogIfEmpty(database.db);
  if (seeded) log.info('seeded', seeded);
  const sms = config.sms ? africasTalkingSms(config.sms) : undefined;
  const email = config.email ? smtpEmail(config.email) : undefined;
  const whatsapp = config.whatsapp ? whatsappSender(config.whatsapp) : undefined;
  const deps: ShopDeps = {
    db: database.db,
    databaseKind: database.kind,
    config,
    log,
    notifier: outboxNotifier(database.db, log, { sms, email, whatsapp }),
  };
  // Work no request waits for; each job claims its rows, so with several instances it is done once.
  const jobs: Job[] = [];
  // A message the provider refused or never answered stays in the outbox; try it again now and then.
  if (sms || email || whatsapp) jobs.push({ name: 'outbox_retry', everyMs: OUTBOX_RETRY_EVERY_MS, run: () => retryFailedMessages(database.db, log, { sms, email, whatsapp }) });
  // A MoMo request whose result is not known yet (the callback may never come): ask MTN's status endpoint.
  if (config.momo) jobs.push({ name: 'momo_status_checks', everyMs: MOMO_CHECK_EVERY_MS, run: () => checkDueMomoRequests(deps) });
  // Weekly baskets: each due one placed as an order the evening before (soon after a start too, so a
  // restart catches up), and the text each week's outcome owes the shopper.
  jobs.push({ name: 'weekly_baskets', everyMs: BASKETS_EVERY_MS, firstAfterMs: 5_000, run: () => placeDueBaskets(deps) });
  jobs.push({ name: 'basket_texts', everyMs: BASKET_TEXTS_EVERY_MS, firstAfterMs: 10_000, run: () => sendBasketTexts(deps) });
  const background = startJobs(log, jobs);
  // The hours every face states are the delivery schedule's now (modules/delivery): one set in the environment would be a second source.
  if (process.env.SHOP_HOURS) log.warn('setting_ignored', { name: 'SHOP_HOURS', reason: 'the shop hours come from the delivery schedule (console, Delivery)' });
  log.info('sms', { provider: sms ? 'africas-talking' : 'outbox only' });
  log.info('email', { provider: config.email ? `smtp ${config.email.host}:${config.email.port}` : 'outbox only' });
  log.info('momo', config.momo ? { requestToPay: config.momo.targetEnvironment, callback: config.publicBaseUrl ? 'on' : 'off (no PUBLIC_BASE_URL): status checks only' } : { requestToPay: 'off' });
  // `stopper` is made just below, before the server can take its first request.
  const app = createApp(deps, { webDistDir: config.webDistDir, isStopping: () => stopper.isStopping() });
  const server = serve({ ...nodeServing(deps, app), port: config.port, hostname: config.host }, (info) => {
    log.info('listening', { url: `http://localhost:${info.port}`, database: database.kind, pid: process.pid, conversations: config.conversationStore });
  });
  // Off the request path: a large catalog's search index is built while the first pages are served.
  prepareSearch(deps).catch((error: unknown) => log.warn('search_index_failed', { reason: String(error) }));

  const stopper = shutDownOnSignal(server as Server);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal, delayMs: config.shutdownDelayMs });
    await background.stop();
    const finished = await stopper.shutDown({ server: server as Server, deps, closeDatabase: () => database.close(), delayMs: config.shutdownDelayMs });
    log.info('stopped', { signal, finished });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`Isoko could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
