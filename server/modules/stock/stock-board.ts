// The stock board: every counted product's count, kept in memory on each instance, for what the
// faces show (in stock, running low, "Only 3 left") and for the cart's checks. Placing an order never
// reads it: a reservation checks the locked row in the order's own transaction.
//
// Counts change with every order, so they are kept apart from the catalog's copies (which a change
// would empty): a stock change is not a catalog change. The board is never more than a second old:
// - the instance that wrote a change brings its board up to date as the transaction commits
//   (afterCommit, server/db/changes.ts), with the rows the write returned, at no cost to anyone else;
// - with other instances (PostgreSQL), every instance reads all counts again once its board is
//   REFRESH_AFTER_MS old and a face asks, in the background, and a face never uses a board older than
//   FRESH_MS (it waits for a new read), so another instance's change shows within a second.
//   docs/performance-stock.md measured this against a change notice per order and says why the
//   notice lost;
// - alone (the embedded database, one process), every change is this instance's own, so the board is
//   read once and then kept by the writers; a write made in a transaction that cannot say when it
//   commits (not opened by inTransaction) makes the board read again, after that transaction (the
//   embedded database runs one transaction at a time).
// Each row carries a version from one sequence, so an older copy of a row (a read that began before
// a change this instance applied) never replaces a newer one.
//
// What a face shows of a product changes far less often than its count (only while it is low, or as
// it runs out): each such change moves the board's epoch, and a reply kept in memory that showed the
// product is no longer served (stillShown), while every other kept reply stays.
import type { Kysely } from 'kysely';
import { hearing } from '../../db/changes';
import type { Database } from '../../db/schema';

/** A board older than this is not used: the face waits for a new read. */
export const FRESH_MS = 1_000;
/** A face that finds the board this old starts a new read in the background and uses the board it has. */
const REFRESH_AFTER_MS = 400;

/** Counts in thousandths of a unit (grams of a kilogram): exact integers, as money is in minor units. */
export const toMilli = (value: number | string): number => Math.round(Number(value) * 1000);
export const fromMilli = (milli: number): number => milli / 1000;

export interface CountRow {
  product_id: string;
  on_hand: string | number;
  reserved: string | number;
  low_threshold: string | number;
  version: string | number;
}

interface Entry {
  /** In thousandths. */
  available: number;
  threshold: number;
  version: number;
  /** Set once the product stopped keeping a count (a row applied here that older reads must not bring back). */
  gone: boolean;
  /** When this instance took the entry (Date.now()): a read that began earlier cannot have seen it. */
  at: number;
}

/** What a face shows of a counted product. */
export interface Shown {
  inStock: boolean;
  low: boolean;
  /** In thousandths; only shown when low. */
  available: number;
}

interface Board {
  entries: Map<string, Entry>;
  /** When the latest full read began; -Infinity before the first. */
  readAt: number;
  reading?: Promise<void>;
  /** Moves by one whenever what a face shows of any product changes. */
  epoch: number;
  /** The epoch at which what a face shows of each product last changed. */
  changedAt: Map<string, number>;
}

// Keyed by the database's adapter, which a handle and every transaction opened on it share: a write
// in a transaction reaches the same board as the reads on the handle.
const boards = new WeakMap<object, Board>();

function boardOf(db: Kysely<Database>): Board {
  const key = db.getExecutor().adapter;
  let board = boards.get(key);
  if (!board) boards.set(key, (board = { entries: new Map(), readAt: -Infinity, epoch: 0, changedAt: new Map() }));
  return board;
}

export function shownOf(entry: Pick<Entry, 'available' | 'threshold'>): Shown {
  return { inStock: entry.available > 0, low: entry.available <= entry.threshold, available: entry.available };
}

/** What a face shows, as one comparable value ('' for a product without a count). */
function faceOf(entry: Entry | undefined): string {
  if (!entry || entry.gone) return '';
  const shown = shownOf(entry);
  return `${shown.inStock}:${shown.low}:${shown.low ? shown.available : ''}`;
}

function take(board: Board, productId: string, next: Entry): void {
  const before = board.entries.get(productId);
  board.entries.set(productId, next);
  if (faceOf(before) !== faceOf(next)) {
    board.epoch += 1;
    board.changedAt.set(productId, board.epoch);
  }
}

const entryOf = (row: CountRow, at: number): Entry => ({
  available: toMilli(row.on_hand) - toMilli(row.reserved),
  threshold: toMilli(row.low_threshold),
  version: Number(row.version),
  gone: false,
  at,
});

/** Rows this instance just committed: taken unless the board already holds a newer version. */
export function applyCommitted(db: Kysely<Database>, rows: readonly CountRow[], gone: readonly { product_id: string; version: number }[] = []): void {
  const board = boardOf(db);
  const at = Date.now();
  for (const row of rows) {
    const current = board.entries.get(row.product_id);
    if (!current || Number(row.version) > current.version) take(board, row.product_id, entryOf(row, at));
  }
  for (const row of gone) {
    const current = board.entries.get(row.product_id);
    if (!current || row.version >= current.version) take(board, row.product_id, { available: 0, threshold: 0, version: row.version, gone: true, at });
  }
}

async function readAll(db: Kysely<Database>, board: Board): Promise<void> {
  const startedAt = Date.now();
  const rows = await db.selectFrom('stock_levels').select(['product_id', 'on_hand', 'reserved', 'low_threshold', 'version']).execute();
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(row.product_id);
    const current = board.entries.get(row.product_id);
    if (!current || Number(row.version) > current.version) take(board, row.product_id, entryOf(row, startedAt));
  }
  // A product missing from the read stopped counting, unless this instance took its entry after the read began.
  for (const [productId, entry] of board.entries) {
    if (seen.has(productId) || entry.at >= startedAt) continue;
    if (entry.gone) board.entries.delete(productId);
    else take(board, productId, { ...entry, gone: true, at: startedAt });
  }
  board.readAt = startedAt;
}

function startReading(db: Kysely<Database>, board: Board): Promise<void> {
  board.reading ??= readAll(db, board).finally(() => {
    board.reading = undefined;
  });
  return board.reading;
}

/** How old the board is, as far as freshness goes: alone, a board once read is kept up to date by the writers. */
function ageOf(db: Kysely<Database>, board: Board): number {
  if (board.readAt > -Infinity && hearing({ db }) === 'alone') return 0;
  return Date.now() - board.readAt;
}

/** The board, never older than FRESH_MS; past REFRESH_AFTER_MS a new read starts behind this one. */
export async function freshBoard(db: Kysely<Database>): Promise<Board> {
  const board = boardOf(db);
  const age = ageOf(db, board);
  if (age >= FRESH_MS) await startReading(db, board);
  else if (age >= REFRESH_AFTER_MS) startReading(db, board).catch(() => {});
  return board;
}

/** The board when it is fresh enough to use without waiting; undefined (and a read started) when not. */
export function boardIfFresh(db: Kysely<Database>): Board | undefined {
  const board = boardOf(db);
  const age = ageOf(db, board);
  if (age < REFRESH_AFTER_MS) return board;
  startReading(db, board).catch(() => {});
  return age < FRESH_MS ? board : undefined;
}

/** A change this instance cannot apply itself (its transaction cannot say when it commits): read the counts again. */
export function readAgain(db: Kysely<Database>): void {
  boardOf(db).readAt = -Infinity;
}

/** A counted product's count on this board; undefined for a product that keeps none. */
export function countOf(board: Board, productId: string): Shown | undefined {
  const entry = board.entries.get(productId);
  return entry && !entry.gone ? shownOf(entry) : undefined;
}

export const epochOf = (board: Board): number => board.epoch;

/** Whether what a face shows of each of these products is as it was at `epoch`. */
export function unchangedSince(board: Board, epoch: number, productIds: readonly string[]): boolean {
  if (board.epoch === epoch) return true;
  for (const productId of productIds) if ((board.changedAt.get(productId) ?? 0) > epoch) return false;
  return true;
}

