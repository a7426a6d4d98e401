// atMost (lib/at-most.ts), which rations password hashing: never more at once than allowed, each
// piece of work done once, in the order it came.
import { expect, it } from 'vitest';
import { atMost } from '../../server/lib/at-most';

it('runs at most the given number at once, the rest in the order they came, and carries on after a failure', async () => {
  const limited = atMost(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const release: Array<() => void> = [];
  const pieces = Array.from({ length: 6 }, (_, index) =>
    limited(async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running -= 1;
      if (index === 1) throw new Error('this one fails');
      return index;
    }),
  );
  // Settled as they end: a piece that fails is heard at once, never left as an unhandled rejection.
  const settled = Promise.allSettled(pieces);
  while (started.length < 6 || release.length) {
    await new Promise((resolve) => setImmediate(resolve));
    release.shift()?.();
  }
  const results = await settled;
  expect(most).toBe(2);
  expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5]);
});
