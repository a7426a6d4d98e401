// Sums the runners' JSON reports into the one closing line CI reads: "N passed, M failed".
//   node scripts/summarize-results.mjs <dir> [report that must exist…]
// A runner that crashed before writing its report counts as a failure, so a missing suite can never
// pass as a smaller "N passed".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [dir = '.tmp/results', ...required] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

const missing = required.filter((name) => !existsSync(path.join(dir, name)));
for (const name of missing) console.log(`missing report: ${name} (its runner did not finish)`);

for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    // Vitest's JSON reporter
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A test file that failed to load has no tests to fail: it counts as one failure.
    failed += (report.testResults ?? []).filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright's JSON reporter
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    // Errors outside any test (a spec that does not load, the web server not starting).
    failed += (report.errors ?? []).length;
    skipped += report.stats.skipped;
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 || missing.length > 0 ? 1 : 0);
