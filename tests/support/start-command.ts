// How `npm start` runs the server: the environment and node flags its script gives, read from
// package.json, so the load bench and the long reliability tests run the server as production does
// (V8's heap growth and young generation, glibc's mmap threshold) rather than with Node's defaults.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

function startWords(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return (scripts.start.split('&&').at(-1) ?? '').trim().split(/\s+/);
}

/** The variables set before `node` in the start script, e.g. MALLOC_MMAP_THRESHOLD_. */
export function startEnvironment(): Record<string, string> {
  const words = startWords();
  return Object.fromEntries(words.slice(0, words.indexOf('node')).map((assignment) => assignment.split('=') as [string, string]));
}

/** The node flags of the start script, e.g. --max-semi-space-size=4. */
export function startNodeFlags(): string[] {
  const words = startWords();
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}
