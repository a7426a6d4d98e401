// The confirmation page's MoMo panel: what the payment needs now (approve on the phone, wait while MTN
// has not answered, why it failed and the code), "Pay again" to the number chosen, and the order asked
// for again while MTN may still answer (never once it has).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@server/modules/orders/orders.schema';
import { toast } from '@web/components/ui/toast';
import { json, mockFetch } from '@web/test/mock-fetch';
import { MomoPayment, PayAgainButton } from './momo-payment';

const CONFIG = { shopName: 'Isoko', payCode: '654321', businessName: 'Isoko Ltd', supportPhone: '', supportEmail: '', address: '', hours: '', ussdServiceCode: '*384*4766#', momoRequestToPay: true };
// The shop's facts come from here, not the network: the real fetcher keeps what it loads for the whole
// visit, which would reach the next file sharing this worker's page.
vi.mock('@web/lib/shop-config', () => ({ useShopConfig: () => CONFIG }));

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'ord0000000000000abcd1234',
    invoiceNumber: 'INV-1',
    createdAt: '2026-11-23T08:00:00.000Z',
    amount: 2650,
    status: 'pending',
    paymentType: 'momo',
    paymentStatus: 'pending',
    address: { _id: 'a1', description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788000111', isDefault: true },
    products: [],
    deliveryWindow: null,
    momoTransactionId: null,
    paymentFailureReason: null,
    finalAmount: 2650,
    packedAt: null,
    deliveryFee: null,
    total: 2650,
    timeline: [],
    momoRequest: { state: 'waiting', payerPhone: '+250788000111' },
    ...overrides,
  };
}

beforeEach(() => toast.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MomoPayment', () => {
  it('asks the shopper to approve on their phone, and shows the order paid once MTN has answered', async () => {
    vi.useFakeTimers();
    const paid = order({ paymentStatus: 'completed', momoTransactionId: '1000000001', momoRequest: { state: 'successful', payerPhone: '+250788000111' } });
    const fetchMock = mockFetch(() => json({ success: true, order: paid }));
    const onChanged = vi.fn();
    const { rerender } = render(<MomoPayment order={order()} onChanged={onChanged} />);
    expect(screen.getByText(/Approve the payment on your phone: MTN MoMo asked 0788 000 111 for frw 2,650.00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onChanged).toHaveBeenCalledWith(paid);
    expect(toast.current().map((entry) => entry.message)).toContain('Payment successful! Your order has been confirmed.');
    rerender(<MomoPayment order={paid} onChanged={onChanged} />);
    expect(screen.getByText('Paid by MoMo. MoMo transaction 1000000001.')).toBeInTheDocument();
    // Paid: nothing more is asked of the server.
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('while MTN has not answered, says to approve if the phone asks and never offers the code or "Pay again"', async () => {
    vi.useFakeTimers();
    const failed = order({ paymentStatus: 'failed', paymentFailureReason: 'The payment was not approved in time', momoRequest: { state: 'failed', payerPhone: '+250788000111' } });
    mockFetch(() => json({ success: true, order: failed }));
    const onChanged = vi.fn();
    const { container, rerender } = render(<MomoPayment order={order({ momoRequest: { state: 'unconfirmed', payerPhone: '+250788000111' } })} onChanged={onChanged} />);
    const panel = container.querySelector('.momo-panel')!;
    expect(panel).toHaveTextContent('MTN MoMo has not answered yet, so its request to 0788 000 111 for frw 2,650.00 may still come. If your phone asks for your MoMo PIN, approve it, and do not pay another way');
    expect(panel).not.toHaveTextContent('654321');
    expect(screen.queryByRole('button', { name: 'Pay again' })).toBeNull();
    // The page keeps asking while MTN may answer; once MTN says the request expired, the code is offered.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onChanged).toHaveBeenCalledWith(failed);
    rerender(<MomoPayment order={failed} onChanged={onChanged} />);
    expect(panel).toHaveTextContent('MoMo payment failed: The payment was not approved in time. Pay again below, or pay frw 2,650.00 with MoMo Pay code 654321 (Isoko Ltd).');
  });

  it('refuses a number MoMo Rwanda cannot ask with the server\'s message, before asking', async () => {
    const fetchMock = mockFetch(() => json({ success: true }));
    render(<MomoPayment order={order({ paymentStatus: 'failed', momoRequest: { state: 'failed', payerPhone: '+250788000111' } })} onChanged={() => {}} />);
    const user = userEvent.setup();
    const number = screen.getByLabelText('MoMo number');
    await user.clear(number);
    await user.type(number, '+256 772 123 456');
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(screen.getByText('Enter an MTN MoMo number of Rwanda, like 0788123456')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says why it failed and asks again, to the number the shopper types', async () => {
    const failed = order({ paymentStatus: 'failed', paymentFailureReason: 'Not enough money on the MoMo account', momoRequest: { state: 'failed', payerPhone: '+250788000111' } });
    const asked = order({ momoRequest: { state: 'waiting', payerPhone: '+250789555111' } });
    const fetchMock = mockFetch(async (request) => {
      expect(request.method).toBe('POST');
      expect(new URL(request.url).pathname).toBe('/api/order/ord0000000000000abcd1234/pay');
      expect(await request.json()).toEqual({ payerPhone: '0789 555 111' });
      return json({ success: true, message: 'Approve the payment on your phone: MTN MoMo asked 0789555111 for frw 2,650.00.', order: asked });
    });
    const onChanged = vi.fn();
    render(<MomoPayment order={failed} onChanged={onChanged} />);
    expect(screen.getByText(/MoMo payment failed: Not enough money on the MoMo account\. Pay again below/)).toBeInTheDocument();
    const user = userEvent.setup();
    const number = screen.getByLabelText('MoMo number');
    expect(number).toHaveValue('0788 000 111');
    await user.clear(number);
    await user.type(number, '0789 555 111');
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(onChanged).toHaveBeenCalledWith(asked);
    expect(fetchMock.mock.calls.some(([input]) => String((input as Request).url ?? input).includes('/pay'))).toBe(true);
  });

  it('shows MTN refusing the new request as an error, no answer yet as a note to wait, and a 409 as the server words it', async () => {
    const failed = order({ paymentStatus: 'failed', momoRequest: { state: 'failed', payerPhone: '+250788000111' } });
    const refused = 'MTN MoMo did not take the payment request. Pay frw 2,650.00 with MoMo Pay code 654321 (Isoko Ltd) instead.';
    let answer = json({ success: false, message: refused, order: failed });
    mockFetch(() => answer);
    render(<PayAgainButton order={failed} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(toast.current()).toContainEqual(expect.objectContaining({ kind: 'error', message: refused }));
    const wait = 'MTN MoMo has not answered yet, so its request to 0788000111 may still come.';
    answer = json({ success: false, message: wait, order: order({ momoRequest: { state: 'unconfirmed', payerPhone: '+250788000111' } }) });
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(toast.current()).toContainEqual(expect.objectContaining({ kind: 'info', message: wait }));
    answer = json({ success: false, message: 'This order is already paid', error: 'conflict' }, 409);
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(toast.current().map((entry) => entry.message)).toContain('This order is already paid');
  });

  it('offers "Pay again" only for an unpaid MoMo order with nothing in flight', () => {
    const { rerender } = render(<PayAgainButton order={order()} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<PayAgainButton order={order({ paymentType: 'cash', momoRequest: null, paymentStatus: 'failed' })} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<PayAgainButton order={order({ status: 'cancelled', momoRequest: { state: 'failed', payerPhone: '+250788000111' } })} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<PayAgainButton order={order({ momoRequest: { state: 'failed', payerPhone: '+250788000111' } })} />);
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeInTheDocument();
  });
});
