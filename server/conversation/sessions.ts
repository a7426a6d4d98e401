// Where conversation state lives between requests: in memory (lru-cache), or in the database
// (CONVERSATION_STORE=db, the default on a PostgreSQL server) so several server instances share it. Each session is stored
// whole, by id: the engine never rebuilds one by replaying the inputs that led to it.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ShopDeps } from '../lib/deps';
import { normalizePhone } from '../lib/phone';
import { withoutLoneSurrogates } from '../lib/text';
import { isLanguage, type Language } from './i18n';
import type { Session } from './types';

/**
 * jsonb refuses half of a surrogate pair and the NUL character: a reply kept for a gateway retry can
 * hold a half where a label was cut to fit a screen, and a gateway's text (kept to tell its next
 * request's new inputs) is kept as it came. Every string is stored whole-character, a lone half as
 * U+FFFD, without NUL.
 */
function storableString(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? withoutLoneSurrogates(value).replaceAll('\u0000', '') : value;
}

/** A session outlives the gateway's own time-out long enough to be resumed (10 minutes) and a chat pause. */
export const SESSION_TTL_MS = 30 * 60_000;
const MEMORY_CAPACITY = 20_000;
/** The database store deletes expired sessions on one save in this many, so the table does not grow. */
const PRUNE_EVERY = 200;

export interface SessionStore {
  load(id: string): Promise<Session | undefined>;
  /**
   * Writes the session. Inside a turn on the same id it also lets go of the session (another turn may
   * start on any instance) unless `keepHeld` says the turn still has work that must come first.
   */
  save(session: Session, options?: { keepHeld?: boolean }): Promise<void>;
  /**
   * One turn on session `id` at a time, on every instance sharing the store: `work` is given the
   * stored session (undefined when there is none) and saves it through the store; another turn on the
   * same id waits until this one has saved or ended.
   */
  turn<T>(id: string, work: (stored: Session | undefined) => Promise<T>): Promise<T>;
}

/**
 * Sessions in this process's memory. A session is a value: the engine never changes one in place
 * (each step makes a new one, its stack a new array), so the store keeps the very session it is
 * given and gives back a copy of its top and its stack, the parts a channel's turn may set or push
 * to. (A deep copy on every load and save was a fifth of a USSD hop's own work.)
 */
export function memorySessionStore(): SessionStore {
  const cache = new LRUCache<string, Session>({ max: MEMORY_CAPACITY, ttl: SESSION_TTL_MS });
  const withLock = sessionLocks();
  const store: SessionStore = {
    async load(id) {
      const found = cache.get(id);
      return found ? { ...found, stack: [...found.stack] } : undefined;
    },
    async save(session) {
      cache.set(session.id, session);
    },
    turn: (id, work) => withLock(id, async () => work(await store.load(id))),
  };
  return store;
}

/** How long a turn may hold its session: past it (the instance died mid-turn) the next turn takes it. */
export const SESSION_HOLD_MS = 30_000;
/** A turn waiting for another instance's looks again after these waits (doubling up to the last). */
const HOLD_RETRY_FIRST_MS = 10;
const HOLD_RETRY_MAX_MS = 200;

const readSession = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as Session;

/**
 * Sessions in the conversation_sessions table. With `shared` (a PostgreSQL server, which several
 * instances may serve), a turn also holds its row: taking the hold reads the session in the same
 * statement, and the save that ends the turn lets go in the same statement too, so holding costs no
 * extra round trip. On the embedded database (one process) the in-process lock is enough.
 */
export function databaseSessionStore(deps: Pick<ShopDeps, 'db'>, options: { shared?: boolean } = {}): SessionStore {
  let saves = 0;
  const withLock = sessionLocks();
  /** The token of each turn of this instance that holds its session in the database now. */
  const held = new Map<string, string>();

  async function pruneExpired() {
    await deps.db
      .deleteFrom('conversation_sessions')
      .where('expires_at', '<', sql<Date>`now()`)
      .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<', sql<Date>`now()`)]))
      .execute();
  }

  /** Takes the hold and reads the session in one statement; undefined while another turn holds it. */
  async function tryHold(id: string, token: string): Promise<{ stored: Session | undefined } | undefined> {
    // A session not stored yet gets a placeholder row (expired, so it reads as absent) to hold.
    const holdUntil = sql<Date>`now() + ${`${SESSION_HOLD_MS} milliseconds`}::interval`;
    const row = await deps.db
      .insertInto('conversation_sessions')
      .values({ id, data: 'null', expires_at: sql<Date>`now()`, held_by: token, held_until: holdUntil })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ held_by: token, held_until: holdUntil })
          .where((eb) => eb.or([eb('conversation_sessions.held_until', 'is', null), eb('conversation_sessions.held_until', '<', sql<Date>`now()`)])),
      )
      .returning(sql<unknown>`CASE WHEN conversation_sessions.expires_at > now() THEN conversation_sessions.data END`.as('data'))
      .executeTakeFirst();
    if (!row) return undefined;
    return { stored: row.data === null || row.data === undefined ? undefined : readSession(row.data) };
  }

  async function hold(id: string, token: string): Promise<Session | undefined> {
    const deadline = Date.now() + 2 * SESSION_HOLD_MS;
    for (let waitMs = HOLD_RETRY_FIRST_MS; ; waitMs = Math.min(waitMs * 2, HOLD_RETRY_MAX_MS)) {
      const taken = await tryHold(id, token);
      if (taken) return taken.stored;
      if (Date.now() > deadline) throw new Error(`session ${id} stayed held by another turn`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  async function letGo(id: string, token: string) {
    await deps.db.updateTable('conversation_sessions').set({ held_by: null, held_until: null }).where('id', '=', id).where('held_by', '=', token).execute();
  }

  const store: SessionStore = {
    async load(id) {
      const row = await deps.db
        .selectFrom('conversation_sessions')
        .select('data')
        .where('id', '=', id)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row ? readSession(row.data) : undefined;
    },
    async save(session, { keepHeld = false } = {}) {
      const data = JSON.stringify(session, storableString);
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      const token = held.get(session.id);
      if (token === undefined) {
        await deps.db
          .insertInto('conversation_sessions')
          .values({ id: session.id, data, expires_at: expiresAt })
          .onConflict((oc) => oc.column('id').doUpdateSet({ data, expires_at: expiresAt }))
          .execute();
      } else {
        const release = keepHeld ? {} : { held_by: null, held_until: null };
        const saved = await deps.db
          .insertInto('conversation_sessions')
          .values({ id: session.id, data, expires_at: expiresAt })
          .onConflict((oc) => oc.column('id').doUpdateSet({ data, expires_at: expiresAt, ...release }).where('conversation_sessions.held_by', '=', token))
          .returning('id')
          .executeTakeFirst();
        // The hold ran out mid-turn and another turn took the session: its state wins, not this stale one.
        if (!saved) throw new Error(`session ${session.id} was taken over by another turn`);
        if (!keepHeld) held.delete(session.id);
      }
      saves += 1;
      if (saves % PRUNE_EVERY === 0) await pruneExpired();
    },
    turn: (id, work) =>
      withLock(id, async () => {
        if (!options.shared) return work(await store.load(id));
        const token = randomUUID();
        const stored = await hold(id, token);
        held.set(id, token);
        try {
          return await work(stored);
        } finally {
          // Still held when the turn saved nothing (a gateway retry answered from the stored reply) or failed.
          if (held.get(id) === token) {
            held.delete(id);
            await letGo(id, token);
          }
        }
      }),
  };
  return store;
}

/**
 * The store the configuration names. On a PostgreSQL server, sessions are kept in it unless
 * CONVERSATION_STORE=memory says otherwise (config.ts), and turns hold them across instances.
 */
export function createSessionStore(deps: Pick<ShopDeps, 'db' | 'config' | 'databaseKind'>): SessionStore {
  return deps.config.conversationStore === 'db' ? databaseSessionStore(deps, { shared: deps.databaseKind === 'postgres' }) : memorySessionStore();
}

/** What the shop remembers about a phone number across sessions. */
export interface PhoneMemory {
  language?: Language;
  lastSessionId?: string;
  lastSeenAt?: number;
}

export interface PhoneBook {
  recall(phone: string): Promise<PhoneMemory | undefined>;
  remember(phone: string, memory: PhoneMemory): Promise<void>;
}

/**
 * Always in the database, whatever the session store: a language chosen once is a preference
 * that should survive a restart, and the rows are tiny.
 */
export function databasePhoneBook(deps: Pick<ShopDeps, 'db'>): PhoneBook {
  return {
    async recall(phone) {
      const row = await deps.db
        .selectFrom('conversation_phones')
        .selectAll()
        .where('phone_number', '=', normalizePhone(phone))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        language: isLanguage(row.language) ? row.language : undefined,
        lastSessionId: row.last_session_id ?? undefined,
        lastSeenAt: new Date(row.last_seen_at).getTime(),
      };
    },
    async remember(phone, memory) {
      const values = {
        language: memory.language ?? null,
        last_session_id: memory.lastSessionId ?? null,
        last_seen_at: new Date(memory.lastSeenAt ?? Date.now()),
      };
      await deps.db
        .insertInto('conversation_phones')
        .values({ phone_number: normalizePhone(phone), ...values })
        .onConflict((oc) => oc.column('phone_number').doUpdateSet(values))
        .execute();
    },
  };
}

/** How stale a phone's last-seen time may be kept in the database: a small part of the resume window. */
export const LAST_SEEN_REFRESH_MS = 60_000;

/**
 * The phone book, writing only what changed: every USSD hop remembers the phone's language and
 * session, which stay the same for the whole call, so a hop writes nothing unless the language or the
 * session moved, or the last-seen time is over LAST_SEEN_REFRESH_MS old (the resume window is
 * 10 minutes, so it may end up to a minute early). What was written is kept per phone, bounded.
 */
export function writingOnChange(book: PhoneBook, maxPhones = 20_000): PhoneBook {
  const written = new LRUCache<string, PhoneMemory>({ max: maxPhones });
  return {
    recall: (phone) => book.recall(phone),
    async remember(phone, memory) {
      const key = normalizePhone(phone);
      const last = written.get(key);
      const unchanged =
        last &&
        last.language === memory.language &&
        last.lastSessionId === memory.lastSessionId &&
        last.lastSeenAt !== undefined &&
        memory.lastSeenAt !== undefined &&
        memory.lastSeenAt >= last.lastSeenAt &&
        memory.lastSeenAt - last.lastSeenAt < LAST_SEEN_REFRESH_MS;
      if (unchanged) return;
      // Forgotten first, so a failed write is retried by the next hop rather than taken as done.
      written.delete(key);
      await book.remember(phone, memory);
      written.set(key, memory);
    },
  };
}

/**
 * One turn at a time per session within this process: a gateway retry arriving while the first
 * request is still working waits for it, then is answered from the stored reply. (Across instances,
 * the database store's hold does the same.)
 */
export function sessionLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = tails.get(id) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    tails.set(id, run);
    try {
      return await run;
    } finally {
      if (tails.get(id) === run) tails.delete(id);
    }
  };
}
