// The order page's actions: only the moves the server allows are offered; confirming a payment needs
// the MoMo transaction id and sends what staff saw; a 409 shows what someone else changed first.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrderDetail } from '@server/modules/orders/staff-orders.schema';
import { toast } from '@web/components/ui/toast';
import { json, mockFetch } from '@web/test/mock-fetch';
import { OrderActions } from './order-actions';

function order(overrides: Partial<StaffOrderDetail> = {}): StaffOrderDetail {
  return {
    _id: 'ord0000000000000abcd1234',
    orderNumber: 'ABCD1234',
    invoiceNumber: 'INV-1',
    createdAt: '2026-11-23T08:00:00.000Z',
    updatedAt: '2026-11-23T08:00:00.000Z',
    amount: 3000,
    status: 'pending',
    paymentType: 'cash',
    paymentStatus: 'pending',
    address: { _id: 'a1', description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788000111', isDefault: true },
    products: [],
    deliveryWindow: { start: '2026-11-23T16:00:00+02:00', end: '2026-11-23T18:00:00+02:00', label: 'Today 16:00–18:00' },
    channel: 'ussd',
    customer: { _id: 'u1', fullName: 'Aline Uwase', email: null, phoneNumber: '+250788000111' },
    momoTransactionId: null,
    paymentFailureReason: null,
    finalAmount: 3000,
    packedAt: null,
    deliveryFee: null,
    total: 3000,
    timeline: [],
    momoRequest: null,
    momoRequests: [],
    history: [],
    nextStatuses: ['processing', 'cancelled'],
    nextPaymentStatuses: ['completed', 'failed'],
    ...overrides,
  };
}

beforeEach(() => toast.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OrderActions', () => {
  it('offers only the allowed moves', () => {
    mockFetch(() => json({}));
    const { rerender } = render(<OrderActions order={order()} onChanged={() => {}} />);
    expect(screen.getByRole('button', { name: 'Start processing' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();

    rerender(<OrderActions order={order({ status: 'shipped', paymentStatus: 'completed', nextStatuses: ['delivered'], nextPaymentStatuses: [] })} onChanged={() => {}} />);
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(screen.queryByLabelText('MoMo transaction id')).toBeNull();

    rerender(<OrderActions order={order({ status: 'delivered', paymentStatus: 'completed', nextStatuses: [], nextPaymentStatuses: [] })} onChanged={() => {}} />);
    expect(screen.getByText('This order is delivered: there is nothing more to do.')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('offers no hand change of the payment while a MoMo request-to-pay waits for the shopper', () => {
    mockFetch(() => json({}));
    const waiting = {
      referenceId: '4f8a4e0c-2b1d-4c6e-9f3a-1b2c3d4e5f60',
      status: 'waiting' as const,
      payerPhone: '+250788000111',
      amount: '3000',
      currency: 'RWF',
      financialTransactionId: null,
      failureReason: null,
      requestedAt: '2026-11-23T08:00:00.000Z',
      settledAt: null,
    };
    const { rerender } = render(<OrderActions order={order({ paymentType: 'momo', momoRequest: { state: 'waiting', payerPhone: '+250788000111' }, momoRequests: [waiting] })} onChanged={() => {}} />);
    expect(screen.getByText(/A MoMo request-to-pay is waiting for the shopper/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark payment failed' })).toBeNull();
    // The order still moves along.
    expect(screen.getByRole('button', { name: 'Start processing' })).toBeEnabled();
    // MTN not answering is not a failure: staff see what the shopper is told, and still take no payment by hand.
    const unconfirmed = { ...waiting, status: 'unconfirmed' as const };
    rerender(<OrderActions order={order({ paymentType: 'momo', momoRequest: { state: 'unconfirmed', payerPhone: '+250788000111' }, momoRequests: [unconfirmed] })} onChanged={() => {}} />);
    expect(screen.getByText(/MTN has not answered the MoMo request-to-pay yet and may still charge the shopper/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
  });

  it('asks for the MoMo transaction id before confirming, and sends nothing without it', async () => {
    const fetchMock = mockFetch(() => json({}));
    render(<OrderActions order={order()} onChanged={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(screen.getByText('Enter the MoMo transaction id to confirm a payment')).toBeInTheDocument();
    expect(screen.getByLabelText('MoMo transaction id')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms the payment with the id, the note and the status staff saw', async () => {
    const confirmed = order({ paymentStatus: 'completed', momoTransactionId: 'MP123', nextPaymentStatuses: [] });
    const fetchMock = mockFetch(async (request) => {
      expect(request.method).toBe('POST');
      expect(new URL(request.url).pathname).toBe('/api/admin/orders/ord0000000000000abcd1234/payment');
      expect(await request.json()).toEqual({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', method: 'pay_code', momoTransactionId: 'MP123', note: 'Paid by phone' });
      return json({ success: true, message: 'Payment confirmed', order: confirmed });
    });
    const onChanged = vi.fn();
    render(<OrderActions order={order()} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('MoMo transaction id'), ' MP123 ');
    await user.type(screen.getByLabelText('Note (optional, kept in the history)'), 'Paid by phone');
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await vi.waitFor(() => expect(toast.current().map((item) => item.message)).toEqual(['Payment confirmed']));
    expect(onChanged).toHaveBeenCalledWith(confirmed);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('records cash taken at the shop without a MoMo transaction id', async () => {
    const confirmed = order({ paymentStatus: 'completed', nextPaymentStatuses: [] });
    const fetchMock = mockFetch(async (request) => {
      expect(await request.json()).toEqual({ expectedPaymentStatus: 'pending', paymentStatus: 'completed', method: 'cash', note: 'Counted at the till' });
      return json({ success: true, message: 'Payment confirmed', order: confirmed });
    });
    render(<OrderActions order={order()} onChanged={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note (optional, kept in the history)'), 'Counted at the till');
    await user.click(screen.getByRole('button', { name: 'Cash taken at the shop' }));
    await vi.waitFor(() => expect(toast.current().map((item) => item.message)).toEqual(['Payment confirmed']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('moves the status with the status staff saw', async () => {
    mockFetch(async (request) => {
      expect(new URL(request.url).pathname).toBe('/api/admin/orders/ord0000000000000abcd1234/status');
      expect(await request.json()).toEqual({ expectedStatus: 'pending', status: 'processing' });
      return json({ success: true, message: 'Order is now processing', order: order({ status: 'processing' }) });
    });
    const onChanged = vi.fn();
    render(<OrderActions order={order()} onChanged={onChanged} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start processing' }));
    await vi.waitFor(() => expect(toast.current().map((item) => item.message)).toEqual(['Order is now processing']));
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: 'processing' }));
  });

  it('shows what someone else changed first when the server answers 409, and takes the order as it is now', async () => {
    const now = order({
      status: 'cancelled',
      nextStatuses: [],
      nextPaymentStatuses: [],
      history: [{ _id: 'h1', kind: 'status', from: 'pending', to: 'cancelled', note: null, momoTransactionId: null, at: '2026-11-23T09:00:00.000Z', by: { _id: 's2', fullName: 'Eric Staff', role: 'staff' } }],
    });
    mockFetch(() => json({ success: false, error: 'conflict', message: 'This order changed while you were looking: it is now cancelled', order: now }, 409));
    const onChanged = vi.fn();
    render(<OrderActions order={order()} onChanged={onChanged} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start processing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else changed this order first by Eric Staff: status waiting to be packed → cancelled. Nothing was changed by you; check it and try again.',
    );
    expect(onChanged).toHaveBeenCalledWith(now);
  });

  it("shows the server's message when a move is refused", async () => {
    mockFetch(() =>
      json({ success: false, error: 'bad_request', message: 'An order that is shipped cannot become cancelled', errors: [{ msg: 'An order that is shipped cannot become cancelled', param: 'status' }] }, 400),
    );
    render(<OrderActions order={order()} onChanged={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() => expect(toast.current().map((item) => item.message)).toEqual(['An order that is shipped cannot become cancelled']));
  });
});
