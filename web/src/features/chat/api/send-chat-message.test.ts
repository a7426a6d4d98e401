// A chat turn that pays by MoMo answers once MTN has (up to 10 s on the server): the widget waits past
// the client's usual 10 s instead of showing a placed order as a failure.
import { afterEach, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { sendChatMessage } from './send-chat-message';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('waits for a turn answered after 12 s', async () => {
  vi.useFakeTimers();
  mockFetch(() => new Promise<Response>((resolve) => setTimeout(() => resolve(json({ sessionId: 's1', messages: [{ text: 'Order AB12CD34 placed' }], options: [], end: true })), 12_000)));
  const turn = sendChatMessage({ sessionId: 's1', text: '2' });
  await vi.advanceTimersByTimeAsync(12_000);
  await expect(turn).resolves.toMatchObject({ end: true, messages: [{ text: 'Order AB12CD34 placed' }] });
});
