// The search index's word list (server/lib/sorted-words.ts): its lookups must find exactly what
// looking at every word would find, the typo walk included, however its tree steps over parts.
import { SortedWords } from '../../server/lib/sorted-words';

/** Levenshtein distance, the plain way. */
function distance(a: string, b: string): number {
  let above = Array.from({ length: b.length + 1 }, (_, column) => column);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      current[column] = Math.min(above[column] + 1, current[column - 1] + 1, above[column - 1] + (a[row - 1] === b[column - 1] ? 0 : 1));
    }
    above = current;
  }
  return above[b.length];
}

/** A small, repeatable source of words: letters that make near misses likely, and numbers as the bench's lots. */
function wordsFrom(seed: number, count: number): string[] {
  let state = seed;
  const next = (limit: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % limit);
  const words: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (next(3) === 0) words.push(String(1 + next(20_000)));
    else words.push(Array.from({ length: 1 + next(9) }, () => 'abenrst'[next(7)]).join(''));
  }
  return words;
}

function closeByWalk(list: SortedWords, query: string, typos: number, beginningTypos: number) {
  const found = new Map<string, number>();
  const begun = new Map<string, number>();
  list.close(query, { typos, beginningTypos }, (index, typo) => found.set(list.word(index), typo), (beginning, typo) => begun.set(beginning, typo));
  return { found, begun };
}

/** Every distinct word's distance to the query, and every beginning's as long as it: worked out once a query. */
function distancesTo(words: string[], query: string) {
  const toWords = new Map([...new Set(words)].map((word) => [word, distance(word, query)]));
  const beginnings = new Set(words.filter((word) => word.length >= query.length).map((word) => word.slice(0, query.length)));
  return { toWords, toBeginnings: new Map([...beginnings].map((beginning) => [beginning, distance(beginning, query)])) };
}

function closeByLooking({ toWords, toBeginnings }: ReturnType<typeof distancesTo>, typos: number, beginningTypos: number) {
  return {
    found: new Map([...toWords].filter(([, typo]) => typo <= typos)),
    begun: new Map([...toBeginnings].filter(([, typo]) => typo <= beginningTypos)),
  };
}

const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('a sorted word list', () => {
  const words = [...wordsFrom(7, 2_000), 'beans', 'beans1', 'beans12', 'bean', 'tomato', 'tomatoes', 'tungurusumu'];
  const list = SortedWords.of(words, { forTypos: true });

  it('holds each distinct word once, in order, and finds each', () => {
    const distinct = [...new Set(words)].sort();
    expect(list.size).toBe(distinct.length);
    for (const [index, word] of distinct.entries()) {
      expect(list.word(index)).toBe(word);
      expect(list.indexOf(word)).toBe(index);
    }
    for (const absent of ['zzz', 'beanz', '0', '']) expect(list.indexOf(absent)).toBe(-1);
  });

  it('finds the words a beginning starts', () => {
    for (const beginning of ['b', 'be', 'bean', '1', '12', '199', 'zz', 'a']) {
      const { from, to } = list.startingWith(beginning);
      const expected = [...new Set(words)].filter((word) => word.startsWith(beginning)).sort();
      expect(Array.from({ length: to - from }, (_, at) => list.word(from + at)), beginning).toEqual(expected);
    }
  });

  it('finds every word within k typos, and every beginning as long as the query, as looking at each word does', () => {
    const queries = [...wordsFrom(11, 80), 'beans1234', 'beans12', 'tomatos', 'b', 'ab', 'rt', 'tse', '1', '12', 'snare', '12345', 'tungurusumuxy', 'tomatoesxx'];
    for (const query of queries) {
      const distances = distancesTo(words, query);
      for (const [typos, beginningTypos] of [[1, -1], [1, 1], [2, 1], [3, 2], [0, 0]]) {
        const walked = closeByWalk(list, query, typos, beginningTypos);
        const looked = closeByLooking(distances, typos, beginningTypos);
        expect(sorted(walked.found), `${query} within ${typos}`).toEqual(sorted(looked.found));
        expect(sorted(walked.begun), `${query} beginnings within ${beginningTypos}`).toEqual(sorted(looked.begun));
      }
    }
  });

  it('refuses a typo lookup on a list made without its tree, and a word of other than single-byte letters', () => {
    expect(() => SortedWords.of(['abc']).close('abc', { typos: 1, beginningTypos: -1 }, () => {})).toThrow();
    expect(() => SortedWords.of(['ok', 'żubr'])).toThrow();
  });
});
