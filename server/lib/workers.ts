// WEB_CONCURRENCY above 1 (PostgreSQL only, config.ts checks): this process becomes the primary of a
// node:cluster. It opens no database and serves nothing itself: it starts the workers, each a whole
// server (its own pool, change listener and jobs) sharing the one port, starts a worker again when one
// dies unexpectedly (waiting longer after each quick death, so a database that is down is not
// hammered), and on SIGTERM or SIGINT passes the signal on and exits once every worker has stopped.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

/** A worker that lived this long was healthy: the next restart waits from the start again. */
const HEALTHY_AFTER_MS = 60_000;
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;

export function runWorkers(count: number, log: Logger): void {
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();

  const start = () => {
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log.info('stopped', { workers: count });
        process.exit(0);
      }
      return;
    }
    quickDeaths = lived >= HEALTHY_AFTER_MS ? 0 : quickDeaths + 1;
    const waitMs = Math.min(RESTART_FIRST_MS * 2 ** Math.max(0, quickDeaths - 1), RESTART_MAX_MS);
    log.warn('worker_exited', { pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: waitMs });
    setTimeout(start, waitMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal, workers: startedAt.size });
    if (startedAt.size === 0) process.exit(0);
    // Each worker drains on its own (SHUTDOWN_DELAY_MS, then the requests in flight) and exits.
    for (const worker of startedAt.keys()) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info('workers', { count, primaryPid: process.pid });
  for (let index = 0; index < count; index += 1) start();
}
