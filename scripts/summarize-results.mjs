// Sums the runners' JSON reports into the one closing line CI reads: "N passed, M failed", after the
// name and first error line of each failure, so a log cut to its last lines still says what failed.
//   node scripts/summarize-results.mjs <dir> [report that must exist…]
// A runner that crashed before writing its report counts as a failure, so a missing suite can never
// pass as a smaller "N passed".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [dir = '.tmp/results', ...required] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const root = process.cwd() + path.sep;

/** "file › title: first line of the error", without colours or the checkout's own path. */
function describeFailure(file, title, message = '') {
  // eslint-disable-next-line no-control-regex
  const firstLine = message.replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n')[0].slice(0, 200);
  return `${file.replace(root, '')} › ${title}${firstLine ? `: ${firstLine}` : ''}`;
}

/** Playwright nests suites (file, describe blocks); the specs hold one test per project. */
function playwrightFailures(suite, file = suite.file) {
  const found = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected') continue;
      const last = test.results.at(-1);
      found.push(describeFailure(spec.file ?? file, `[${test.projectName}] ${spec.title}`, last?.error?.message ?? last?.errors?.[0]?.message));
    }
  }
  for (const inner of suite.suites ?? []) found.push(...playwrightFailures(inner, file));
  return found;
}

const missing = required.filter((name) => !existsSync(path.join(dir, name)));
for (const name of missing) console.log(`missing report: ${name} (its runner did not finish)`);

for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (report.outsideTests) {
    // errors-outside-tests.sh: errors a runner caught outside any test (an unhandled rejection), each a failure.
    failed += report.outsideTests.count;
    failures.push(`${report.outsideTests.part} › (outside any test, ${report.outsideTests.count}): ${report.outsideTests.message}`);
  } else if (report.numPassedTests !== undefined) {
    // Vitest's JSON reporter
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A file that failed with no test failing (it did not load, or a beforeAll/afterAll hook failed:
    // Vitest then exits 1 with every test passed) counts as one failure, named by its file.
    for (const file of report.testResults ?? []) {
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      if (file.status === 'failed' && failedTests.length === 0) {
        failed += 1;
        failures.push(describeFailure(file.name, file.assertionResults.length ? '(a hook failed)' : '(did not load)', file.message));
      }
      for (const test of failedTests) failures.push(describeFailure(file.name, test.fullName ?? test.title, test.failureMessages?.[0]));
    }
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright's JSON reporter
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    // Errors outside any test (a spec that does not load, the web server not starting).
    failed += (report.errors ?? []).length;
    for (const suite of report.suites ?? []) failures.push(...playwrightFailures(suite));
    for (const error of report.errors ?? []) failures.push(describeFailure('playwright', '(outside any test)', error.message));
    skipped += report.stats.skipped;
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 || missing.length > 0 ? 1 : 0);
