// Work a request starts but does not wait for (sending a reset code), so the answer cannot tell
// what the work found. Each task is tracked per database, so a shutdown (and a test) can wait for
// it to finish before the database closes.
import type { ShopDeps } from './deps';

const running = new WeakMap<object, Set<Promise<void>>>();

function tasksOf(deps: Pick<ShopDeps, 'db'>): Set<Promise<void>> {
  let tasks = running.get(deps.db);
  if (!tasks) {
    tasks = new Set();
    running.set(deps.db, tasks);
  }
  return tasks;
}

/** Starts `work` now; a failure is logged under `${name}_failed`, never thrown at the caller. */
export function runInBackground(deps: Pick<ShopDeps, 'db' | 'log'>, name: string, work: () => Promise<void>): void {
  const tasks = tasksOf(deps);
  const task = work()
    .catch((error: unknown) => deps.log.error(`${name}_failed`, { error: error instanceof Error ? error.message : String(error) }))
    .finally(() => tasks.delete(task));
  tasks.add(task);
}

/** Resolves once every task started for this database (including ones started meanwhile) is done. */
export async function backgroundSettled(deps: Pick<ShopDeps, 'db'>): Promise<void> {
  const tasks = tasksOf(deps);
  while (tasks.size > 0) await Promise.allSettled([...tasks]);
}
