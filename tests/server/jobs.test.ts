// The background scheduler: each job runs on its own timer, never over its own previous run, goes on
// after a failure, and stops without cutting a run short.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from '../../server/lib/jobs';
import { silentLogger, type Logger } from '../../server/lib/logger';

const warnings: string[] = [];
const log: Logger = { ...silentLogger(), warn: (event) => void warnings.push(event) };

beforeEach(() => {
  vi.useFakeTimers();
  warnings.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('startJobs', () => {
  it('runs a job every interval, the first after firstAfterMs', async () => {
    const run = vi.fn(async () => 0);
    const jobs = startJobs(log, [{ name: 'tick', everyMs: 1_000, firstAfterMs: 10, run }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(4);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('never starts a run while the previous one is still working', async () => {
    let working = 0;
    let most = 0;
    const run = vi.fn(async () => {
      working += 1;
      most = Math.max(most, working);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      working -= 1;
    });
    const jobs = startJobs(log, [{ name: 'slow', everyMs: 100, run }]);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(most).toBe(1);
    expect(run).toHaveBeenCalledTimes(3);
    const stopping = jobs.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopping;
  });

  it('logs a failed run and runs again at the next interval', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('provider down')).mockResolvedValue(1);
    const jobs = startJobs(log, [{ name: 'retry', everyMs: 1_000, run }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(warnings).toEqual(['retry_failed']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    await jobs.stop();
  });

  it('stop waits for the run under way', async () => {
    let finished = false;
    const jobs = startJobs(log, [{ name: 'long', everyMs: 100, run: async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      finished = true;
    } }]);
    await vi.advanceTimersByTimeAsync(100);
    const stopping = jobs.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    await stopping;
    expect(finished).toBe(true);
  });
});
