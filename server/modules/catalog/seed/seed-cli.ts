// `npm run seed`: loads (or refreshes) the catalog in the configured database. Users, orders and
// addresses are left alone, so this is safe to run against a shop that is already trading.
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/connect';
import { seedCatalog } from './seed-catalog';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const counts = (await seedCatalog(database.db))!;
    const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
    console.log(`Seeded ${counts.categories} categories and ${counts.products} products into ${where}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
