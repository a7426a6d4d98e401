// Where conversation state lives between requests: in memory (lru-cache) by default, or in the
// database (CONVERSATION_STORE=db) so several server instances share it. Each session is stored
// whole, by id: the engine never rebuilds one by replaying the inputs that led to it.
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ShopDeps } from '../lib/deps';
import { normalizePhone } from '../lib/phone';
import { withoutLoneSurrogates } from '../lib/text';
import { isLanguage, type Language } from './i18n';
import type { Session } from './types';

/**
 * jsonb refuses half of a surrogate pair, and a reply kept for a gateway retry can hold one where a
 * label was cut to fit a screen: every string is stored whole-character, a lone half as U+FFFD.
 */
function storableString(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? withoutLoneSurrogates(value) : value;
}

/** A session outlives the gateway's own time-out long enough to be resumed (10 minutes) and a chat pause. */
export const SESSION_TTL_MS = 30 * 60_000;
const MEMORY_CAPACITY = 20_000;
/** The database store deletes expired sessions on one save in this many, so the table does not grow. */
const PRUNE_EVERY = 200;

export interface SessionStore {
  load(id: string): Promise<Session | undefined>;
  save(session: Session): Promise<void>;
}

export function memorySessionStore(): SessionStore {
  const cache = new LRUCache<string, Session>({ max: MEMORY_CAPACITY, ttl: SESSION_TTL_MS });
  return {
    async load(id) {
      const found = cache.get(id);
      return found ? structuredClone(found) : undefined;
    },
    async save(session) {
      cache.set(session.id, structuredClone(session));
    },
  };
}

export function databaseSessionStore(deps: Pick<ShopDeps, 'db'>): SessionStore {
  let saves = 0;
  return {
    async load(id) {
      const row = await deps.db
        .selectFrom('conversation_sessions')
        .select('data')
        .where('id', '=', id)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!row) return undefined;
      return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Session;
    },
    async save(session) {
      const data = JSON.stringify(session, storableString);
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await deps.db
        .insertInto('conversation_sessions')
        .values({ id: session.id, data, expires_at: expiresAt })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data, expires_at: expiresAt }))
        .execute();
      saves += 1;
      if (saves % PRUNE_EVERY === 0) {
        await deps.db.deleteFrom('conversation_sessions').where('expires_at', '<', sql<Date>`now()`).execute();
      }
    },
  };
}

export function createSessionStore(deps: Pick<ShopDeps, 'db' | 'config'>): SessionStore {
  return deps.config.conversationStore === 'db' ? databaseSessionStore(deps) : memorySessionStore();
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
 * request is still working waits for it, then is answered from the stored reply.
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
