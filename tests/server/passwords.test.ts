// Password hashing (lib/passwords.ts): each scrypt hash holds 16 MB while it runs, so however many
// shoppers sign up or log in at once, one hash is worked out at a time and the rest wait their turn.
import { createHook } from 'node:async_hooks';
import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/lib/passwords';

/** Counts the scrypt jobs running at once: from the job's creation until its callback starts. */
function watchScryptJobs() {
  const running = new Set<number>();
  let most = 0;
  const hook = createHook({
    init(id, type) {
      if (type !== 'SCRYPTREQUEST') return;
      running.add(id);
      most = Math.max(most, running.size);
    },
    before(id) {
      running.delete(id);
    },
  }).enable();
  return { most: () => most, stop: () => hook.disable() };
}

it('works out one hash at a time, and every shopper still gets theirs', async () => {
  const passwords = ['first-secret', 'second-secret', 'third-secret'];
  const jobs = watchScryptJobs();
  try {
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
    const checked = await Promise.all(hashes.map((hash, index) => verifyPassword(passwords[index], hash)));
    expect(jobs.most()).toBe(1);
    expect(checked).toEqual([true, true, true]);
    expect(await verifyPassword('wrong-secret', hashes[0])).toBe(false);
  } finally {
    jobs.stop();
  }
});
