// The shopper's order page beside its status: the way to the door, and, only while the order is on
// its way, the code to give the rider (the server sends deliveryCode to the shopper's own page only).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@server/modules/orders/orders.schema';
import { TimelinePanel } from './order-details-panels';

const window = { start: '2026-12-03T10:00:00+02:00', end: '2026-12-03T12:00:00+02:00', label: 'Tomorrow 10:00–12:00' };

function orderWith(changes: Partial<Order>): Order {
  return {
    _id: '6b099a311ba372ce525f2986',
    invoiceNumber: 'INV-20261127-001003',
    createdAt: '2026-12-02T09:00:00.000Z',
    amount: 1200,
    status: 'shipped',
    paymentType: 'cash',
    paymentStatus: 'pending',
    address: { _id: 'a1', city: 'Kigali', street: 'KK 15 Rd', district: 'Kicukiro', description: 'Blue gate', phoneNumber: '+250788123456', isDefault: true },
    products: [],
    momoTransactionId: null,
    paymentFailureReason: null,
    momoRequest: null,
    deliveryWindow: window,
    deliveryFee: 1000,
    total: 2200,
    timeline: [
      { step: 'placed', at: '2026-12-02T09:00:00.000Z' },
      { step: 'on_the_way', at: '2026-12-03T08:10:00.000Z', rider: { fullName: 'Jean Rider', phoneNumber: '0788000111' }, window },
    ],
    ...changes,
  } as Order;
}

describe('TimelinePanel', () => {
  it('shows the code to give the rider while the order is on its way, with who brings it', () => {
    render(<TimelinePanel order={orderWith({ deliveryCode: '4821' })} />);
    expect(screen.getByText(/Give the rider this code when you receive your order, not before/)).toBeInTheDocument();
    expect(screen.getByText('4821')).toBeInTheDocument();
    expect(screen.getByText('On the way')).toBeInTheDocument();
    expect(screen.getByText(/Jean Rider, 0788000111/)).toBeInTheDocument();
  });

  it('shows no code when the server sent none (not on its way, delivered, or not the shopper)', () => {
    render(<TimelinePanel order={orderWith({ status: 'delivered', timeline: [{ step: 'placed', at: '2026-12-02T09:00:00.000Z' }, { step: 'delivered', at: '2026-12-03T10:30:00.000Z' }] })} />);
    expect(screen.queryByText(/Give the rider this code/)).not.toBeInTheDocument();
    expect(screen.getByText('Delivered')).toBeInTheDocument();
  });

  it('says why it was not delivered and the new window', () => {
    render(<TimelinePanel order={orderWith({ status: 'processing', timeline: [{ step: 'not_delivered', at: '2026-12-03T10:30:00.000Z', reason: 'nobody_home', window }] })} />);
    expect(screen.getByText(/Not delivered: nobody was home\. New window:/)).toBeInTheDocument();
  });
});
