// The badges style exactly the statuses the server sends (orders.schema), in words, never the stored
// value, and nothing it never sends.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@server/modules/orders/order-lists.schema';
import { orderStatusWords, paymentStatusWords } from '../status-words';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badge';

describe('status badges', () => {
  it.each(ORDER_STATUSES)('styles the order status %s, in words', (status) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(orderStatusWords(status))).toHaveClass('status-badge', `status-${status}`);
  });

  it.each(PAYMENT_STATUSES)('styles the payment status %s, in words', (status) => {
    render(<PaymentStatusBadge status={status} />);
    expect(screen.getByText(paymentStatusWords(status))).toHaveClass('status-badge', `payment-${status}`);
  });

  it('says a new order is waiting to be packed and not yet paid: no raw "PENDING"', () => {
    const { container } = render(
      <>
        <OrderStatusBadge status="pending" />
        <PaymentStatusBadge status="pending" />
      </>,
    );
    expect(container).toHaveTextContent('Waiting to be packedNot yet paid');
    expect(container.textContent).not.toMatch(/pending/i);
  });

  it('names each badge when asked, as the console lists two side by side', () => {
    const { container } = render(
      <>
        <OrderStatusBadge status="shipped" label="Order" />
        <PaymentStatusBadge status="completed" label="Payment" />
      </>,
    );
    expect(container).toHaveTextContent('Order On its wayPayment Paid');
  });

  it('shows a status the server never sends in the neutral style', () => {
    render(<OrderStatusBadge status="paid" />);
    expect(screen.getByText('Paid')).toHaveClass('status-other');
  });
});
