// The scale part's search index, measured alone: opens a folder fill-scale.ts filled (no server holds
// it), builds the index as a server does at start (prepareSearch), and prints how much memory it
// keeps once collected (the JavaScript heap and the typed arrays' buffers beside it), and how long it
// took. Run with --expose-gc.
// Usage: node --expose-gc --import tsx search-index-heap.ts '{"dataDir":"/tmp/x"}'
import { openDatabase } from '@server/db/connect';
import { loadConfig } from '@server/config';
import { silentLogger } from '@server/lib/logger';
import { outboxNotifier } from '@server/lib/notifier';
import { prepareSearch } from '@server/modules/catalog/catalog.service';

const { dataDir } = JSON.parse(process.argv[2]) as { dataDir: string };
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');
const database = await openDatabase({ dataDir });
const log = silentLogger();
const deps = { db: database.db, databaseKind: database.kind, config: loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false' }), log, notifier: outboxNotifier(database.db, log) };
// One query first, so what the driver and Kysely keep for any query is not counted as the index.
await database.db.selectFrom('products').select('id').limit(1).execute();
const heapAfterCollection = () => {
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const before = heapAfterCollection();
const started = performance.now();
await prepareSearch(deps);
const seconds = (performance.now() - started) / 1000;
const after = heapAfterCollection();
await database.close();
console.log(JSON.stringify({ indexMb: Math.round(((after - before) / 1024 / 1024) * 10) / 10, buildSeconds: Math.round(seconds * 100) / 100 }));
