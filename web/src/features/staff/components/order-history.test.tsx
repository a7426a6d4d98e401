// The console's history of an order says what moved in words, as its badges do: never the stored
// values ("pending → processing", "completed") nor packing's keys.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderHistoryEntry } from '@server/modules/orders/staff-orders.schema';
import { OrderHistory } from './order-history';

const at = '2026-11-27T10:00:00.000Z';
const staff = { _id: 's1', fullName: 'Claudine Uwera', role: 'staff' as const };

function entry(kind: OrderHistoryEntry['kind'], from: string, to: string, extra: Partial<OrderHistoryEntry> = {}): OrderHistoryEntry {
  return { _id: `${kind}-${from}-${to}`, kind, from, to, note: null, momoTransactionId: null, at, by: staff, ...extra };
}

describe('the console order history', () => {
  it('says status and payment moves in words, never the stored values', () => {
    const { container } = render(
      <OrderHistory
        entries={[
          entry('status', 'pending', 'processing'),
          entry('payment', 'pending', 'completed', { momoTransactionId: '12345' }),
          entry('status', 'shipped', 'delivered'),
          entry('payment', 'completed', 'completed', { note: 'Refund frw 700.00: paid for lines refused at the door' }),
        ]}
      />,
    );
    expect(screen.getByText('Status: Waiting to be packed → Being prepared')).toBeInTheDocument();
    expect(screen.getByText('Payment: Not yet paid → Paid')).toBeInTheDocument();
    expect(screen.getByText('Status: On its way → Delivered')).toBeInTheDocument();
    expect(screen.getByText('Payment: Paid')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/pending|processing|completed|shipped/);
  });

  it('says what packing recorded and how the shopper answered a substitute', () => {
    const { container } = render(
      <OrderHistory
        entries={[
          entry('packing', '', 'packing', { note: 'Tomatoes: 1.8 kg' }),
          entry('packing', '', 'packed'),
          entry('packing', 'asked', 'accepted', { by: { _id: 'u1', fullName: 'Shopper', role: null } }),
        ]}
      />,
    );
    expect(screen.getByText('Packing saved, not done yet')).toBeInTheDocument();
    expect(screen.getByText('Packed')).toBeInTheDocument();
    expect(screen.getByText('Substitute accepted by the shopper')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/→ packed|asked/);
  });
});
