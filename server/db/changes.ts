// Changes that copies of shared data must hear about. A write names its topic ('catalog', or any
// other a module keeps a copy of) and every instance serving the shop drops its copies of that topic
// once the write has committed:
//
//   onChange(deps, 'catalog', () => cache.clear());                      // whoever keeps a copy
//   await changing(deps, 'catalog', (trx) => trx.updateTable(...)...);   // whoever writes
//   await inTransaction(deps, async (changes) => { ...; await changes.announce('catalog'); });
//                                         // a larger transaction that writes some other module's data too
//
// On PostgreSQL the notice is a NOTIFY sent inside the writing transaction, so a rolled-back write
// tells no one and a committed one tells every instance LISTENing on the database (one connection per
// instance, opened with the database). The writer does not wait for its own notice to come back: it
// drops its copies as soon as the commit returns, before its answer leaves. On embedded PGlite the
// database belongs to one process, so the notice stays in the process.
//
// A copy the writer can bring up to date from what it wrote (the stock counts) does so as the
// transaction commits (afterCommit), with no notice for anyone: other instances catch up by themselves.
//
// While the listening connection is down (lost, or an engine without LISTEN/NOTIFY), a change made
// elsewhere may go unheard: every copy is dropped when the connection is lost and again once it
// listens again, and meanwhile a copy is kept for at most UNHEARD_LIFETIME_MS (lifetimeMs below).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/** The one notification channel; the payload names the topic and the instance that wrote. */
export const CHANGES_CHANNEL = 'isoko_changes';
/** How long a copy may be kept while changes made by other instances cannot be heard. */
export const UNHEARD_LIFETIME_MS = 1_000;
/** Reconnection waits double from the first to the last, then stay there. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** A silent network loss sends no error: the listening connection is asked to answer now and then. */
const HEARTBEAT_EVERY_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
/** SQLSTATEs an engine answers LISTEN or pg_notify with when it has no notifications at all. */
const UNSUPPORTED: ReadonlySet<string> = new Set(['0A000', '42601', '42883']);

type Listener = () => void;

/** Where the listening connection reports losing and finding the database (lib's Logger is one: db imports nothing above it). */
export interface ChangesLog {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
}

/** Whether changes made by other instances reach this one: always alone; on PostgreSQL while listening. */
export type Hearing = 'alone' | 'listening' | 'not-listening' | 'unsupported';

interface Feed {
  readonly origin: string;
  hearing: Hearing;
  /** Whether a NOTIFY goes with each change (PostgreSQL that has not refused it). */
  notifies: boolean;
  readonly listeners: Map<string, Set<Listener>>;
  close(): Promise<void>;
}

// Keyed by the database handle, like the caches themselves: two apps on two databases in one process
// (tests) never hear each other's changes.
const feeds = new WeakMap<object, Feed>();

function aloneFeed(): Feed {
  return { origin: randomUUID(), hearing: 'alone', notifies: false, listeners: new Map(), close: async () => {} };
}

function feedOf(db: Kysely<Database>): Feed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = aloneFeed()));
  return feed;
}

/** Calls every listener of `topic`, or of every topic when none is named (a change may have gone unheard). */
function tell(feed: Feed, topic?: string): void {
  const topics = topic === undefined ? [...feed.listeners.values()] : [feed.listeners.get(topic) ?? []];
  for (const listeners of topics) for (const listener of listeners) listener();
}

/** Calls `listener` after every committed change of `topic` on this database, by any instance; returns a function that stops it. */
export function onChange(deps: { db: Kysely<Database> }, topic: string, listener: Listener): () => void {
  const { listeners } = feedOf(deps.db);
  let forTopic = listeners.get(topic);
  if (!forTopic) listeners.set(topic, (forTopic = new Set()));
  forTopic.add(listener);
  return () => forTopic.delete(listener);
}

/** A transaction whose writes may announce changes (see inTransaction). */
export interface Changes {
  readonly trx: Transaction<Database>;
  /** Sends the notice of `topic` with this transaction: heard by every instance once (and only if) it commits. */
  announce(topic: string): Promise<void>;
}

/** Work a transaction leaves for after its commit, given the database handle it was opened on. */
type CommitHook = (db: Kysely<Database>) => void;

// What each transaction opened by inTransaction runs on this instance once it has committed.
const commitHooks = new WeakMap<object, CommitHook[]>();

/**
 * Runs `work` in one transaction in which any write may announce a change of its topic (a write to
 * another module's data inside a larger transaction, an account merge moving ratings, say). Once it
 * commits, this instance's listeners of every announced topic are called before this returns, and
 * every other instance's as soon as the notice reaches it. Nothing is announced when `work` throws.
 * Every query of `work` must go through `trx`: on the embedded database a query on `deps.db` would
 * wait for this transaction to end.
 */
export async function inTransaction<T>(deps: { db: Kysely<Database> }, work: (changes: Changes) => Promise<T>): Promise<T> {
  const feed = feedOf(deps.db);
  const announced = new Set<string>();
  const committed: CommitHook[] = [];
  const result = await deps.db.transaction().execute((trx) => {
    commitHooks.set(trx, committed);
    return work({
      trx,
      async announce(topic) {
        if (announced.has(topic)) return;
        announced.add(topic);
        if (feed.notifies) await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`${topic} ${feed.origin}`})`.execute(trx);
      },
    });
  });
  for (const topic of announced) tell(feed, topic);
  for (const hook of committed) hook(deps.db);
  return result;
}

/**
 * Runs `hook` on this instance once `trx` commits (never if it rolls back), before inTransaction
 * returns: for a copy kept in memory that the writer can bring up to date itself, at no cost to other
 * instances. Only a transaction opened by inTransaction knows when it commits: for any other, false,
 * and the copy must catch up by itself (its lifetime).
 */
export function afterCommit(trx: Transaction<Database>, hook: CommitHook): boolean {
  const hooks = commitHooks.get(trx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** Runs `work` in one transaction that announces a change of `topic` once it commits (inTransaction, for a write of one topic). */
export function changing<T>(deps: { db: Kysely<Database> }, topic: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return inTransaction(deps, async (changes) => {
    const value = await work(changes.trx);
    await changes.announce(topic);
    return value;
  });
}

/** How changes made elsewhere reach this instance now. */
export function hearing(deps: { db: Kysely<Database> }): Hearing {
  return feedOf(deps.db).hearing;
}

/**
 * How long a copy read now may be kept: `normalMs` while every change is heard (the lifetime is only
 * the last resort then), UNHEARD_LIFETIME_MS while changes made by other instances may go unheard.
 */
export function lifetimeMs(deps: { db: Kysely<Database> }, normalMs: number): number {
  const { hearing: now } = feedOf(deps.db);
  return now === 'alone' || now === 'listening' ? normalMs : Math.min(normalMs, UNHEARD_LIFETIME_MS);
}

/** The embedded database: one process, so a change is heard where it is made. */
export function shareChangesInProcess(db: Kysely<Database>): void {
  feeds.set(db, aloneFeed());
}

/** Closes the listening connection of this database, if it has one. */
export async function stopSharingChanges(db: Kysely<Database>): Promise<void> {
  await feeds.get(db)?.close();
}

export interface ListenOptions {
  databaseUrl: string;
  log: ChangesLog;
  /** Waits between reconnection attempts, for tests; doubled from RECONNECT_FIRST_MS by default. */
  reconnectFirstMs?: number;
}

/**
 * A PostgreSQL server: every instance listens on its own connection (one beyond the pool). Resolves
 * once the first attempt to listen has ended, listening or not; a failed attempt is retried with
 * growing waits, and the log says so.
 */
export async function shareChangesThroughPostgres(db: Kysely<Database>, options: ListenOptions): Promise<void> {
  const feed: Feed = { ...aloneFeed(), hearing: 'not-listening', notifies: true };
  feeds.set(db, feed);
  const listener = new PostgresListener(feed, options);
  feed.close = () => listener.close();
  await listener.connect();
}

class PostgresListener {
  private client?: pg.Client;
  private closed = false;
  private failures = 0;
  private retry?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly feed: Feed,
    private readonly options: ListenOptions,
  ) {}

  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true, application_name: 'isoko-changes' });
    this.client = client;
    client.on('notification', (message) => this.received(message.payload));
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection closed'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code && UNSUPPORTED.has(code)) return this.unsupported(client, error);
      return this.lost(client, error instanceof Error ? error.message : String(error));
    }
    if (this.closed || this.client !== client) return;
    if (this.failures > 0) this.options.log.info('changes_listening_again', { afterAttempts: this.failures });
    this.failures = 0;
    this.feed.hearing = 'listening';
    // Whatever changed while nobody listened is unknown: every copy goes.
    tell(this.feed);
    this.heartbeat = setInterval(() => this.check(client), HEARTBEAT_EVERY_MS).unref();
  }

  private received(payload: string | undefined): void {
    const [topic, origin] = (payload ?? '').split(' ');
    // The writer told its own listeners when it committed.
    if (!topic || origin === this.feed.origin) return;
    tell(this.feed, topic);
  }

  private check(client: pg.Client): void {
    const timedOut = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer to a heartbeat')), HEARTBEAT_TIMEOUT_MS).unref());
    Promise.race([client.query('SELECT 1'), timedOut]).catch((error: unknown) => this.lost(client, error instanceof Error ? error.message : String(error)));
  }

  /** The connection is gone (or never came): drop every copy, and try again after a growing wait. */
  private lost(client: pg.Client, reason: string): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.heartbeat);
    client.end().catch(() => {});
    if (this.closed) return;
    this.feed.hearing = 'not-listening';
    tell(this.feed);
    const first = this.options.reconnectFirstMs ?? RECONNECT_FIRST_MS;
    const waitMs = Math.min(first * 2 ** this.failures, Math.max(first, RECONNECT_MAX_MS));
    this.failures += 1;
    this.options.log.warn('changes_listener_lost', {
      reason,
      attempt: this.failures,
      retryInMs: waitMs,
      meanwhile: `caches keep answers at most ${UNHEARD_LIFETIME_MS} ms`,
    });
    this.retry = setTimeout(() => void this.connect(), waitMs).unref();
  }

  /** An engine that speaks PostgreSQL but has no LISTEN/NOTIFY (CockroachDB): said once, not retried. */
  private unsupported(client: pg.Client, error: unknown): void {
    this.client = undefined;
    client.end().catch(() => {});
    this.feed.hearing = 'unsupported';
    this.feed.notifies = false;
    this.options.log.warn('changes_not_shared', {
      reason: error instanceof Error ? error.message : String(error),
      meanwhile: `this database has no LISTEN/NOTIFY: caches keep answers at most ${UNHEARD_LIFETIME_MS} ms`,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.feed.hearing = 'not-listening';
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
