// A sorted list of distinct words, kept as two flat arrays (every word's letters one after another,
// and where each word starts) instead of a string and a tree node per word: 100,000 words are two
// objects to the garbage collector, not hundreds of thousands (docs/decisions/013-compact-search-index.md).
// Sorted, the list is a trie without nodes: the words sharing a beginning sit next to one another,
// so a word, the words a beginning starts and the words within k typos of a word are each found by
// looking only at the part of the list that can hold them.
// Letters are single bytes: the catalog's words are lower-case a-z and 0-9 (searchWords).

/**
 * The words as a tree of their letters, laid out node after node in depth-first order: a node's
 * children follow it, and `after` says where its part of the tree ends, so a part that cannot hold a
 * close word is stepped over at once.
 */
interface LetterTree {
  letters: Uint8Array;
  depths: Uint16Array;
  after: Uint32Array;
  /** The word a node ends, or -1. */
  words: Int32Array;
  /** The shortest and the longest word at or under a node, in letters. */
  shortest: Uint16Array;
  longest: Uint16Array;
}

/** What close() looks for: words within `typos`, and beginnings within `beginningTypos` (none if negative). */
export interface Closeness {
  typos: number;
  beginningTypos: number;
}

export class SortedWords {
  private constructor(
    private readonly letters: Uint8Array,
    /** Word i is letters[starts[i]] up to letters[starts[i + 1]]. */
    private readonly starts: Uint32Array,
    private readonly tree?: LetterTree,
  ) {}

  /** The distinct words of `words`, sorted; `forTypos` adds the letter tree close() walks. */
  static of(words: Iterable<string>, options: { forTypos?: boolean } = {}): SortedWords {
    const steps = SortedWords.steps(words, options);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * The same, made a slice at a time: it yields between slices, so a caller can let the event loop
   * go (100,000 words sorted and laid out at once held it for a tenth of a second).
   */
  static *steps(words: Iterable<string>, { forTypos = false } = {}): Generator<void, SortedWords> {
    const sorted = yield* sortedByFirstLetter(words);
    const starts = new Uint32Array(sorted.length + 1);
    for (let index = 0; index < sorted.length; index += 1) starts[index + 1] = starts[index] + sorted[index].length;
    const letters = new Uint8Array(starts[sorted.length]);
    for (let index = 0; index < sorted.length; index += 1) {
      const word = sorted[index];
      for (let at = 0; at < word.length; at += 1) {
        const code = word.charCodeAt(at);
        if (code > 0xff) throw new Error(`a sorted word is single-byte letters only: ${word}`);
        letters[starts[index] + at] = code;
      }
      if (index % SLICE === SLICE - 1) yield;
    }
    return new SortedWords(letters, starts, forTypos ? yield* letterTree(sorted) : undefined);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  lengthOf(index: number): number {
    return this.starts[index + 1] - this.starts[index];
  }

  word(index: number): string {
    return String.fromCharCode(...this.letters.subarray(this.starts[index], this.starts[index + 1]));
  }

  /** The word's place in the list, or -1. */
  indexOf(word: string): number {
    const index = this.firstNotBefore(word, false);
    return index < this.size && this.compare(index, word, false) === 0 ? index : -1;
  }

  /** The words starting with `beginning` (the word itself included) are those from `from` up to `to`. */
  startingWith(beginning: string): { from: number; to: number } {
    return { from: this.firstNotBefore(beginning, true), to: this.firstAfter(beginning) };
  }

  /**
   * Calls `found` with each word within `typos` edits of `query` (Levenshtein: a letter left out, added
   * or changed), and `begun` with each beginning of exactly query.length letters within `beginningTypos`
   * of it (a word itself, or the start of longer ones). A part of the tree that can hold neither is
   * stepped over at once: what its words share is already too far, or they are all too short or too
   * long for what is left of the query. Needs the list made `forTypos`.
   */
  close(query: string, { typos, beginningTypos }: Closeness, found: (index: number, typos: number) => void, begun?: (beginning: string, typos: number) => void): void {
    const tree = this.tree;
    if (!tree) throw new Error('this word list was not made for typo lookups');
    const width = query.length + 1;
    const deepest = query.length + Math.max(typos, beginningTypos);
    const wanted = Uint8Array.from(query, (letter) => letter.charCodeAt(0));
    // Row d holds the distances between the node's first d letters and each start of the query.
    const rows = new Uint8Array((deepest + 1) * width);
    for (let column = 0; column < width; column += 1) rows[column] = column;
    const path = new Uint8Array(deepest);
    for (let node = 0; node < tree.letters.length; ) {
      const depth = tree.depths[node];
      path[depth - 1] = tree.letters[node];
      fillRow(rows, depth, width, tree.letters[node], wanted);
      const row = depth * width;
      const distance = rows[row + query.length];
      if (distance <= typos && tree.words[node] >= 0) found(tree.words[node], distance);
      if (depth === query.length && distance <= beginningTypos && begun) begun(String.fromCharCode(...path.subarray(0, depth)), distance);
      const words = wordBound(rows, row, query.length, tree.shortest[node] - depth, tree.longest[node] - depth);
      const beginnings = depth < query.length && tree.longest[node] >= query.length ? beginningBound(rows, row, depth, query.length) : Number.POSITIVE_INFINITY;
      const keepGoing = depth < deepest && (words <= typos || beginnings <= beginningTypos);
      node = keepGoing ? node + 1 : tree.after[node];
    }
  }

  /** word(index) against `text`: negative before it, 0 the same (or, with `beginning`, starting with it), positive after. */
  private compare(index: number, text: string, beginning: boolean): number {
    const start = this.starts[index];
    const length = this.lengthOf(index);
    const shared = Math.min(length, text.length);
    for (let at = 0; at < shared; at += 1) {
      const difference = this.letters[start + at] - text.charCodeAt(at);
      if (difference) return difference;
    }
    if (beginning && length >= text.length) return 0;
    return length - text.length;
  }

  private firstNotBefore(text: string, beginning: boolean): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(middle, text, beginning) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first word after every word starting with `beginning`. */
  private firstAfter(beginning: string): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(middle, beginning, true) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Fills row `depth` of the distance table from the row above, for the node's letter `letter`. */
function fillRow(rows: Uint8Array, depth: number, width: number, letter: number, query: Uint8Array): void {
  const row = depth * width;
  const above = row - width;
  rows[row] = depth;
  for (let column = 1; column < width; column += 1) {
    const change = rows[above + column - 1] + (query[column - 1] === letter ? 0 : 1);
    rows[row + column] = Math.min(change, rows[above + column] + 1, rows[row + column - 1] + 1);
  }
}

/**
 * The fewest typos a word under the node can have: its first letters against some start of the query,
 * plus at least the difference in length between the rest of the word (`fewest` to `most` letters)
 * and the rest of the query.
 */
function wordBound(rows: Uint8Array, row: number, queryLength: number, fewest: number, most: number): number {
  let bound = Number.POSITIVE_INFINITY;
  for (let column = 0; column <= queryLength; column += 1) {
    const left = queryLength - column;
    const gap = left > most ? left - most : fewest > left ? fewest - left : 0;
    bound = Math.min(bound, rows[row + column] + gap);
  }
  return bound;
}

/** The fewest typos a beginning as long as the query under the node can have. */
function beginningBound(rows: Uint8Array, row: number, depth: number, queryLength: number): number {
  let bound = Number.POSITIVE_INFINITY;
  for (let column = 0; column <= queryLength; column += 1) bound = Math.min(bound, rows[row + column] + Math.abs(column - depth));
  return bound;
}

/** Words or nodes handled between two yields. */
const SLICE = 10_000;

/** The distinct words, sorted (as strings sort), a first letter at a time. */
function* sortedByFirstLetter(words: Iterable<string>): Generator<void, string[]> {
  const byFirstLetter = new Map<string, string[]>();
  const seen = new Set<string>();
  let counted = 0;
  for (const word of words) {
    if ((counted += 1) % SLICE === 0) yield;
    if (!word || seen.has(word)) continue;
    seen.add(word);
    const group = byFirstLetter.get(word[0]);
    if (group) group.push(word);
    else byFirstLetter.set(word[0], [word]);
  }
  const sorted: string[] = [];
  for (const first of [...byFirstLetter.keys()].sort()) {
    for (const word of byFirstLetter.get(first)!.sort()) sorted.push(word);
    yield;
  }
  return sorted;
}

/** Letters two words share at their start. */
function sharedStart(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  return at;
}

/** The letter tree of sorted words: each word adds a node for each letter past what it shares with the word before. */
function* letterTree(sorted: string[]): Generator<void, LetterTree> {
  let nodes = 0;
  for (const [index, word] of sorted.entries()) {
    nodes += word.length - (index ? sharedStart(sorted[index - 1], word) : 0);
    if (index % SLICE === SLICE - 1) yield;
  }
  const tree: LetterTree = {
    letters: new Uint8Array(nodes),
    depths: new Uint16Array(nodes),
    after: new Uint32Array(nodes),
    words: new Int32Array(nodes).fill(-1),
    shortest: new Uint16Array(nodes).fill(0xffff),
    longest: new Uint16Array(nodes),
  };
  /** The node at each depth of the path to the word before. */
  const open: number[] = [];
  let node = 0;
  for (const [index, word] of sorted.entries()) {
    const shared = index ? sharedStart(sorted[index - 1], word) : 0;
    for (let depth = open.length; depth > shared; depth -= 1) tree.after[open[depth - 1]] = node;
    open.length = shared;
    for (let depth = shared + 1; depth <= word.length; depth += 1, node += 1) {
      tree.letters[node] = word.charCodeAt(depth - 1);
      tree.depths[node] = depth;
      open.push(node);
    }
    tree.words[open[word.length - 1]] = index;
    if (index % SLICE === SLICE - 1) yield;
  }
  for (const opened of open) tree.after[opened] = node;
  // Children come after their parent: going backwards, a node's children are done before it.
  for (let at = nodes - 1; at >= 0; at -= 1) {
    if (tree.words[at] >= 0) {
      tree.shortest[at] = tree.depths[at];
      tree.longest[at] = Math.max(tree.longest[at], tree.depths[at]);
    }
    for (let child = at + 1; child < tree.after[at]; child = tree.after[child]) {
      tree.shortest[at] = Math.min(tree.shortest[at], tree.shortest[child]);
      tree.longest[at] = Math.max(tree.longest[at], tree.longest[child]);
    }
    if (at % SLICE === 0) yield;
  }
  return tree;
}
