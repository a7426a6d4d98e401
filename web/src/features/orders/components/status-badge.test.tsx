// The badges style exactly the statuses the server sends (orders.schema), and nothing it never sends.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@server/modules/orders/order-lists.schema';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge';

describe('status badges', () => {
  it.each(ORDER_STATUSES)('styles the order status %s', (status) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(status[0].toUpperCase() + status.slice(1))).toHaveClass('status-badge', `status-${status}`);
  });

  it.each(PAYMENT_STATUSES)('styles the payment status %s', (status) => {
    render(<PaymentStatusBadge status={status} upper />);
    expect(screen.getByText(status.toUpperCase())).toHaveClass('status-badge', `payment-${status}`);
  });

  it('shows a status the server never sends in the neutral style', () => {
    render(<OrderStatusBadge status="paid" />);
    expect(screen.getByText('Paid')).toHaveClass('status-other');
  });
});
