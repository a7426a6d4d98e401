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

describe('database session store shared by several instances', () => {
  // Each instance has its own store (and its own in-process lock) over the one database.
  const instance = () => databaseSessionStore(shop.deps, { shared: true });
  /** An instance whose queries are counted, to see it asking for a held session. */
  const watchedInstance = () => {
    let queries = 0;
    const db = shop.deps.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { store: databaseSessionStore({ db }, { shared: true }), queries: () => queries };
  };
  const eventually = async (check: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('still waiting');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('lets one turn at a time hold a session: a turn on another instance waits, then reads what the first saved', async () => {
    const first = instance();
    const watched = watchedInstance();
    const id = `ussd:held-${Math.random()}`;
    const order: string[] = [];
    let finishFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (finishFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const firstTurn = first.turn(id, async (stored) => {
      order.push(`first saw ${stored?.consumedText ?? 'nothing'}`);
      firstStarted();
      await firstHolds;
      await first.save({ ...newSession({ id, channel: 'ussd' }), consumedText: '1' });
    });
    await started;
    const secondTurn = watched.store.turn(id, async (stored) => {
      order.push(`second saw ${stored?.consumedText ?? 'nothing'}`);
    });
    // The second instance asks for the session more than once: it is kept waiting while the first holds it.
    await eventually(() => watched.queries() >= 2);
    expect(order).toEqual(['first saw nothing']);
    finishFirst();
    await Promise.all([firstTurn, secondTurn]);
    expect(order).toEqual(['first saw nothing', 'second saw 1']);
  });

  it('lets go of a session when a turn saves nothing or fails', async () => {
    const [first, second] = [instance(), instance()];
    const id = `ussd:released-${Math.random()}`;
    await first.turn(id, async () => 'answered from the stored reply');
    await expect(first.turn(id, async () => Promise.reject(new Error('step failed')))).rejects.toThrow('step failed');
    const row = await shop.deps.db.selectFrom('conversation_sessions').select(['held_by', 'held_until']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ held_by: null, held_until: null });
    await expect(second.turn(id, async (stored) => stored)).resolves.toBeUndefined();
  });

  it('takes over a hold left by an instance that died mid-turn once it runs out', async () => {
    const id = `ussd:orphaned-${Math.random()}`;
    const session = { ...newSession({ id, channel: 'ussd' }), consumedText: '1*2' };
    await databaseSessionStore(shop.deps).save(session);
    const runsOut = new Date(Date.now() + 300);
    await shop.deps.db.updateTable('conversation_sessions').set({ held_by: 'a-dead-instance', held_until: runsOut }).where('id', '=', id).execute();
    const seen = await instance().turn(id, async (stored) => ({ at: Date.now(), stored }));
    expect(seen.stored).toEqual(session);
    expect(seen.at).toBeGreaterThanOrEqual(runsOut.getTime() - 50);
  });

  it('refuses to save over a session another turn took after this turn held it too long', async () => {
    const [slow, other] = [instance(), instance()];
    const id = `ussd:overtaken-${Math.random()}`;
    await expect(
      slow.turn(id, async () => {
        // This turn outlived its hold, and another instance's turn took the session and saved.
        await shop.deps.db.updateTable('conversation_sessions').set({ held_until: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
        await other.turn(id, async () => other.save({ ...newSession({ id, channel: 'ussd' }), consumedText: 'newer' }));
        await slow.save({ ...newSession({ id, channel: 'ussd' }), consumedText: 'stale' });
      }),
    ).rejects.toThrow(/taken over/);
    expect((await other.load(id))!.consumedText).toBe('newer');
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
