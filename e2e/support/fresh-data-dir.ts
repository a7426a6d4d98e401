// Run before the e2e server starts: deletes its data directory so every run begins on a freshly
// migrated and seeded database (the same catalog, no shoppers or orders left from last time).
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.tmp/e2e-data');
const repoRoot = path.resolve(import.meta.dirname, '../..');
// Refuse anything outside the repository's .tmp folder: a wrong DATA_DIR must never delete real data.
if (!dataDir.startsWith(path.join(repoRoot, '.tmp') + path.sep)) {
  console.error(`Refusing to delete ${dataDir}: the e2e data directory must live under .tmp/`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`e2e: starting from an empty ${path.relative(repoRoot, dataDir)}`);
