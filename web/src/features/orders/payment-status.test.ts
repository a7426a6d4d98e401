// docs/product.md section 4: which payment message the confirmation shows, from the query or the order.
import { describe, expect, it } from 'vitest';
import { paymentOutcome } from './payment-status';

const q = (query: string) => new URLSearchParams(query);
const pendingOrder = { status: 'pending' as const, paymentStatus: 'pending' as const };

describe('paymentOutcome', () => {
  it('reads success from any of the three query names', () => {
    expect(paymentOutcome(q('status=success'), pendingOrder)).toBe('success');
    expect(paymentOutcome(q('payment_status=completed'), pendingOrder)).toBe('success');
    expect(paymentOutcome(q('transaction_status=PAID'), pendingOrder)).toBe('success');
  });
  it('reads success from a paid order', () => {
    expect(paymentOutcome(q(''), { status: 'processing', paymentStatus: 'completed' })).toBe('success');
  });
  it('reads failure from the query', () => {
    expect(paymentOutcome(q('status=cancelled'), pendingOrder)).toBe('failed');
    expect(paymentOutcome(q('payment_status=failed'), pendingOrder)).toBe('failed');
  });
  it('says pending for a pending order, nothing otherwise', () => {
    expect(paymentOutcome(q(''), pendingOrder)).toBe('pending');
    expect(paymentOutcome(q(''), { status: 'shipped', paymentStatus: 'pending' })).toBeNull();
  });
});
