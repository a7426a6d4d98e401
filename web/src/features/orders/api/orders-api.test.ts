// Placing a MoMo order waits for MTN on the server (up to 10 s) before the answer: the page must wait
// past the client's usual 10 s, or a placed order would show as a failure and be submitted again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { payOrder, placeOrder } from './orders-api';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that answers after `ms` of (fake) time. */
function slowServer(ms: number, body: unknown) {
  mockFetch(() => new Promise<Response>((resolve) => setTimeout(() => resolve(json(body, 201)), ms)));
}

describe('calls that ask MTN MoMo first', () => {
  it('placeOrder waits for an answer that comes after 12 s', async () => {
    vi.useFakeTimers();
    slowServer(12_000, { success: true, message: 'Order placed successfully', order: { _id: 'order-1' } });
    const placing = placeOrder({ addressId: 'a1', paymentType: 'momo', callbackUrl: 'http://localhost/order-confirmation' }, 'key-1');
    await vi.advanceTimersByTimeAsync(12_000);
    await expect(placing).resolves.toBe('order-1');
  });

  it('"Pay again" waits for an answer that comes after 12 s', async () => {
    vi.useFakeTimers();
    slowServer(12_000, { success: true, message: 'Approve the payment on your phone', order: { _id: 'order-1' } });
    const paying = payOrder('order-1');
    await vi.advanceTimersByTimeAsync(12_000);
    await expect(paying).resolves.toMatchObject({ success: true });
  });
});
