// npm run bench load: the shop under load, as the issue judges it. Starts the server as `npm start`
// does on a fresh database of its own, loads it from a second process over 127.0.0.1, and sets every
// figure beside a ceiling measured in the same run (a bare Hono app on the same Node). Prints one
// table, writes tests/bench/results/load.json and load.svg (the README shows the chart).
// BENCH_SECONDS (default 8) sets each load phase's length; BENCH_CONNECTIONS (default 50).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadAverage, runNodeJson, startNode, type Running } from './load/processes';
import { writeReport, type Row } from './load/report';
import type { BenchResult } from './run';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = import.meta.dirname;
const script = (name: string) => path.join(here, 'load', name);

interface CannonResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerRequest: number;
}

interface ShoppersResult {
  addsPerSecond: number;
  ordersPerSecond: number;
  addP50: number;
  addP99: number;
  placeP50: number;
  placeP99: number;
  confirmed: number;
  distinctConfirmed: number;
  held: number;
  failures: number;
}

function progress(label: string) {
  return (line: string) => process.stdout.write(`\r  ${label.padEnd(40)} ${line.replace(/^progress /, '')}      `);
}

async function cannon(label: string, url: string, paths: string[]): Promise<CannonResult> {
  const result = await runNodeJson<CannonResult>(script('cannon.ts'), { url, paths, connections: CONNECTIONS, seconds: SECONDS }, progress(label));
  process.stdout.write('\r' + ' '.repeat(80) + '\r');
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx replies and ${result.errors} errors`);
  return result;
}

export const CATALOG_READS = [
  { name: 'catalog: first page', paths: ['/api/product/getAllProducts?page=1&limit=15'] },
  { name: 'catalog: deep page (6)', paths: ['/api/product/getAllProducts?page=6&limit=15'] },
  { name: 'catalog: typo search "tomatos"', paths: ['/api/product/getAllProducts?search=tomatos'], search: true },
  { name: 'catalog: product details', paths: ['/api/product/getProductDetails/tomatoes'] },
  { name: 'catalog: categories', paths: ['/api/category/getAllCategories'] },
  { name: 'catalog: category products', paths: ['/api/category/vegetables/products?page=1'] },
];

async function withServer<T>(env: Record<string, string>, run: (server: Running) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-bench-'));
  const server = await startNode('server/main.ts', { DATA_DIR: dataDir, ...env }, '/api/health');
  try {
    return await run(server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function loadBench(): Promise<BenchResult[]> {
  const rows: Row[] = [];
  const loadBefore = loadAverage();
  console.log(`  ${SECONDS} s per phase, ${CONNECTIONS} connections, load average ${loadBefore}`);

  await withServer({}, async (shop) => {
    const ceiling = await startNode(script('ceiling-server.ts'), {}, '/small', [`${shop.url}/api/product/getAllProducts?page=1&limit=15`]);
    let smallCeiling: CannonResult;
    let pageCeiling: CannonResult;
    try {
      smallCeiling = await cannon('ceiling: bare Hono, small JSON', ceiling.url, ['/small']);
      pageCeiling = await cannon('ceiling: bare Hono, catalog-page body', ceiling.url, ['/page']);
    } finally {
      await ceiling.stop();
    }
    rows.push({ group: 'ceiling', name: 'bare Hono route, small JSON', rps: smallCeiling.requestsPerSecond, p50: smallCeiling.p50, p99: smallCeiling.p99 });
    rows.push({ group: 'ceiling', name: `bare Hono route, catalog-page body (${Math.round(pageCeiling.bytesPerRequest / 1024)} KB)`, rps: pageCeiling.requestsPerSecond, p50: pageCeiling.p50, p99: pageCeiling.p99 });

    shop.resetPeak();
    for (const read of CATALOG_READS) {
      const result = await cannon(read.name, shop.url, read.paths);
      rows.push({
        group: 'catalog',
        name: read.name,
        rps: result.requestsPerSecond,
        p50: result.p50,
        p99: result.p99,
        share: result.requestsPerSecond / pageCeiling.requestsPerSecond,
        goal: read.search ? { share: 0.3 } : { share: 0.6, p99: 10 },
      });
    }

    const writes = await runNodeJson<ShoppersResult>(
      script('shoppers.ts'),
      { url: shop.url, shoppers: CONNECTIONS, seconds: SECONDS, runId: String(Date.now() % 10_000).padStart(4, '0') },
      progress('writes: 50 shoppers'),
    );
    process.stdout.write('\r' + ' '.repeat(80) + '\r');
    rows.push({ group: 'writes', name: `cart add, ${CONNECTIONS} shoppers`, rps: writes.addsPerSecond, p50: writes.addP50, p99: writes.addP99, share: writes.addsPerSecond / smallCeiling.requestsPerSecond });
    rows.push({ group: 'writes', name: `placeOrder, ${CONNECTIONS} shoppers`, rps: writes.ordersPerSecond, p50: writes.placeP50, p99: writes.placeP99, share: writes.ordersPerSecond / smallCeiling.requestsPerSecond });
    const lost = writes.confirmed - writes.held;
    rows.push({
      group: 'writes',
      name: 'orders confirmed / held by the server / distinct',
      note: `${writes.confirmed} / ${writes.held} / ${writes.distinctConfirmed}${writes.failures ? `, ${writes.failures} failed requests` : ''}`,
      ok: lost === 0 && writes.distinctConfirmed === writes.confirmed && writes.failures === 0,
    });
    rows.push({ group: 'memory', name: 'peak server RSS, PGlite, under this load', mb: shop.peakRssMb(), goal: { mb: 400 } });
  });

  const loadAfter = loadAverage();
  const report = writeReport(rows, { seconds: SECONDS, connections: CONNECTIONS, loadAverage: [loadBefore, loadAfter], node: process.version });
  console.log(report.table);
  return report.results;
}
