// npm run bench [names...]: runs every tests/bench/*.bench.ts (or those named), prints each figure
// against its budget, and exits 1 when one is over. Benchmarks, not tests, hold the speed goals.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The most the figure may be; none for figures only reported. */
  budget?: number;
}

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => !wanted.length || wanted.some((name) => file.includes(name)))
  .sort();

let over = 0;
for (const file of files) {
  console.log(`\n${file}`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<BenchResult[]> };
  try {
    for (const result of await module.default()) {
      const verdict = result.budget === undefined ? '' : result.value <= result.budget ? `  ok (budget ${result.budget})` : `  OVER (budget ${result.budget})`;
      if (result.budget !== undefined && result.value > result.budget) over += 1;
      console.log(`  ${result.name.padEnd(48)} ${String(result.value).padStart(10)} ${result.unit}${verdict}`);
    }
  } catch (error) {
    over += 1;
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(over ? `\n${over} figure(s) over budget` : '\nall figures within budget');
process.exit(over ? 1 : 0);
