// Every test file gets a database of its own, copied from one seeded starting point. On PGlite the
// files of a worker share the snapshot's bytes (tests/support/database.ts), so a database that
// wrote to those bytes would hand its changes to the next file: this is the check that it does not.
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../support/database';

const opened: Array<Awaited<ReturnType<typeof openTestDatabase>>> = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

async function productCount(database: Awaited<ReturnType<typeof openTestDatabase>>): Promise<number> {
  const row = await database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

it('starts a second database from the seed after the first one emptied its catalog', async () => {
  const first = await openTestDatabase();
  opened.push(first);
  await first.db.deleteFrom('products').execute();
  expect(await productCount(first)).toBe(0);

  const second = await openTestDatabase();
  opened.push(second);
  expect(await productCount(second)).toBe(119);
});
