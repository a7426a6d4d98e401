// Which server modules import which, read from the source (type imports too): no two modules may
// import each other, so each has one side it depends on. A pair still being taken apart is listed
// below; the list only shrinks (a pair taken apart must leave it, and a new one fails the test).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, '../../server/modules');

/** Pairs that still import each other, each to be undone by moving what both need to its owner. */
const PAIRS_BEING_UNDONE = ['delivery <-> orders', 'orders <-> payments', 'orders <-> reorder'];

function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
    const folder = path.join(MODULES, name);
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(path.join(folder, file), 'utf8');
      for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = path.resolve(path.dirname(path.join(folder, file)), specifier!);
        const relative = path.relative(MODULES, target);
        const other = relative.split(path.sep)[0];
        if (specifier!.startsWith('.') && !relative.startsWith('..') && other && other !== name) used.add(other);
      }
    }
    graph.set(name, used);
  }
  return graph;
}

describe('server modules', () => {
  const graph = moduleImports();

  it('are read from the source: the import edges the shop is built on are there', () => {
    expect(graph.get('users')).toContain('auth');
    expect(graph.get('cart')).toContain('auth');
    expect(graph.get('staff')).toContain('orders');
  });

  it('auth and users do not import each other: users uses auth (sessions, roles), auth nothing of users', () => {
    expect(graph.get('auth')).not.toContain('users');
    expect([...graph.get('auth')!]).toEqual([]);
  });

  it('no two modules import each other, but for the pairs still being taken apart', () => {
    const pairs = [...graph].flatMap(([from, targets]) => [...targets].filter((to) => from < to && graph.get(to)?.has(from)).map((to) => `${from} <-> ${to}`));
    expect(pairs.sort()).toEqual(PAIRS_BEING_UNDONE);
  });
});
