// Background work that runs now and then (message retries, payment polling, weekly baskets). Every
// instance runs every job: what keeps the work from being done twice is not this scheduler but the
// job's own claim on its rows, taken in one statement that other instances skip past:
//
//   UPDATE <table> SET claimed_until = now() + <lease>, ...
//   WHERE id IN (SELECT id FROM <table> WHERE <due> AND (claimed_until IS NULL OR claimed_until < now())
//                ORDER BY ... LIMIT n FOR UPDATE SKIP LOCKED)
//   RETURNING ...
//
// The lease outlives the slowest provider call, so a claim held by an instance that died is taken
// again once it runs out, and one that finished is released by the row's new state.
import type { Logger } from './logger';

export interface Job {
  /** For the log: `<name>_failed` when a run throws. */
  name: string;
  /** How long this instance waits after a run before looking for due work again. */
  everyMs: number;
  /** The first run, after start; by default one interval. */
  firstAfterMs?: number;
  /** Claims what is due and does it; returns how many items it handled (for the log). */
  run(): Promise<number | void>;
}

export interface RunningJobs {
  /** No new run starts; resolves once the runs under way have finished. */
  stop(): Promise<void>;
}

/**
 * Runs each job on its own timer. A run never overlaps the same job's previous run in this instance
 * (the next is scheduled when one ends), and the timers never keep the process alive.
 */
export function startJobs(log: Logger, jobs: readonly Job[]): RunningJobs {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: Job, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = runOnce(log, job).finally(() => {
        running.delete(run);
        schedule(job, job.everyMs);
      });
      running.add(run);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) schedule(job, job.firstAfterMs ?? job.everyMs);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}

async function runOnce(log: Logger, job: Job): Promise<void> {
  try {
    const handled = await job.run();
    if (handled) log.info(job.name, { handled });
  } catch (error) {
    log.warn(`${job.name}_failed`, { reason: error instanceof Error ? error.message : String(error) });
  }
}
