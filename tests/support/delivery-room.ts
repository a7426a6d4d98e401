// Load and soak runs place far more orders than a real week's delivery windows take (20 an hour-pair
// by default, 840 a week): a full week answers every placement with "every delivery window is full",
// as the shop should. These runs raise the capacity first, as staff would in the console.
import { openDatabase } from '../../server/db/connect';

/** Orders a window takes in a load run: more than any run places. */
export const LOAD_WINDOW_CAPACITY = 10_000;

/**
 * Migrates the database (an embedded folder no server holds yet, or a PostgreSQL database) and gives
 * every delivery window room for a load run.
 */
export async function roomForEveryOrder(where: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const database = await openDatabase({ dataDir: where.dataDir ?? '', databaseUrl: where.databaseUrl, poolSize: 1 });
  try {
    await database.db.updateTable('delivery_schedule').set({ capacity: LOAD_WINDOW_CAPACITY }).execute();
  } finally {
    await database.close();
  }
}
