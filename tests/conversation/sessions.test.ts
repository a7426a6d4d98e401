// Session stores (memory and database), the phone book, and one turn at a time per session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSession } from '../../server/conversation/engine';
import { databasePhoneBook, databaseSessionStore, LAST_SEEN_REFRESH_MS, memorySessionStore, sessionLocks, writingOnChange, type PhoneBook, type PhoneMemory } from '../../server/conversation/sessions';
import { newState } from '../../server/conversation/screens/helpers';
import { createTestShop, type TestShop } from '../support/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => shop.close());

describe.each([
  ['memory', () => memorySessionStore()],
  ['database', () => databaseSessionStore(shop.deps)],
])('%s session store', (_name, makeStore) => {
  it('stores a session whole and gives back a copy', async () => {
    const store = makeStore();
    const session = newSession({ id: `ussd:${Math.random()}`, channel: 'ussd', phone: '+250788000001', language: 'rw' });
    session.current = { ...newState('search-results', { query: 'tomatos' }), offset: 7, choices: ['a', 'b'], shown: 2, more: true };
    session.stack = [newState('home')];
    session.consumedText = '1*tomatos';
    await store.save(session);
    const loaded = await store.load(session.id);
    expect(loaded).toEqual(session);
    loaded!.stack.push(newState('cart'));
    expect((await store.load(session.id))!.stack).toHaveLength(1);
  });

  it('replaces a session on a later save and knows nothing of unknown ids', async () => {
    const store = makeStore();
    const session = newSession({ id: `chat:${Math.random()}`, channel: 'chat' });
    await store.save(session);
    await store.save({ ...session, language: 'fr' });
    expect((await store.load(session.id))!.language).toBe('fr');
    expect(await store.load('chat:nobody')).toBeUndefined();
  });
});

describe('database session store', () => {
  it('does not return an expired session', async () => {
    const store = databaseSessionStore(shop.deps);
    const session = newSession({ id: `ussd:expired-${Math.random()}`, channel: 'ussd' });
    await store.save(session);
    await shop.deps.db.updateTable('conversation_sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', session.id).execute();
    expect(await store.load(session.id)).toBeUndefined();
  });
});

describe('phone book', () => {
  it('remembers a language and the last session per number, whatever its spelling', async () => {
    const book = databasePhoneBook(shop.deps);
    await book.remember('0788 000 321', { language: 'rw', lastSessionId: 'ussd:s1', lastSeenAt: 1_700_000_000_000 });
    expect(await book.recall('+250788000321')).toEqual({ language: 'rw', lastSessionId: 'ussd:s1', lastSeenAt: 1_700_000_000_000 });
    await book.remember('+250788000321', { language: 'fr', lastSessionId: 'ussd:s2' });
    expect((await book.recall('0788000321'))!.language).toBe('fr');
    expect(await book.recall('+250788999999')).toBeUndefined();
  });
});

describe('phone book writing only what changed', () => {
  function countingBook() {
    const writes: PhoneMemory[] = [];
    const book: PhoneBook = { recall: async () => writes.at(-1), remember: async (_phone, memory) => void writes.push(memory) };
    return { writes, book: writingOnChange(book) };
  }

  it('writes a call once, then again when the language or session changes or the last-seen time ages', async () => {
    const { writes, book } = countingBook();
    const at = 1_700_000_000_000;
    for (let hop = 0; hop < 12; hop += 1) await book.remember('0788 000 322', { language: 'rw', lastSessionId: 'ussd:a', lastSeenAt: at + hop * 1000 });
    expect(writes).toEqual([{ language: 'rw', lastSessionId: 'ussd:a', lastSeenAt: at }]);
    await book.remember('+250788000322', { language: 'en', lastSessionId: 'ussd:a', lastSeenAt: at + 13_000 });
    await book.remember('+250788000322', { language: 'en', lastSessionId: 'ussd:b', lastSeenAt: at + 14_000 });
    await book.remember('+250788000322', { language: 'en', lastSessionId: 'ussd:b', lastSeenAt: at + 14_000 + LAST_SEEN_REFRESH_MS });
    expect(writes.map((memory) => [memory.language, memory.lastSessionId, memory.lastSeenAt])).toEqual([
      ['rw', 'ussd:a', at],
      ['en', 'ussd:a', at + 13_000],
      ['en', 'ussd:b', at + 14_000],
      ['en', 'ussd:b', at + 14_000 + LAST_SEEN_REFRESH_MS],
    ]);
  });

  it('writes again after a write that failed', async () => {
    let failing = true;
    const writes: PhoneMemory[] = [];
    const book = writingOnChange({
      recall: async () => undefined,
      remember: async (_phone, memory) => {
        if (failing) throw new Error('database unreachable');
        writes.push(memory);
      },
    });
    const memory = { language: 'fr' as const, lastSessionId: 'ussd:c', lastSeenAt: 1_700_000_000_000 };
    await expect(book.remember('0788000323', memory)).rejects.toThrow('database unreachable');
    failing = false;
    await book.remember('0788000323', { ...memory, lastSeenAt: memory.lastSeenAt + 1000 });
    expect(writes).toHaveLength(1);
  });
});

describe('session locks', () => {
  it('runs one turn at a time per session, and sessions apart in parallel', async () => {
    const withLock = sessionLocks();
    const order: string[] = [];
    const slow = (label: string, ms: number) => async () => {
      order.push(`start ${label}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`end ${label}`);
    };
    await Promise.all([withLock('a', slow('a1', 30)), withLock('a', slow('a2', 1)), withLock('b', slow('b1', 1))]);
    expect(order.indexOf('end a1')).toBeLessThan(order.indexOf('start a2'));
    expect(order.indexOf('start b1')).toBeLessThan(order.indexOf('end a1'));
  });

  it('keeps going after a failed turn', async () => {
    const withLock = sessionLocks();
    await expect(withLock('a', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(withLock('a', async () => 'next')).resolves.toBe('next');
  });
});
