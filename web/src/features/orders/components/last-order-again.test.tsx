// "Order again" never hidden: on each order's own row in Track Orders (not only once the row is
// opened), and on the home page for a shopper who has ordered before.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@server/modules/orders/orders.schema';
import { useAuthStore } from '@web/features/auth';
import { json, mockFetch } from '@web/test/mock-fetch';
import { LastOrderAgain } from './last-order-again';
import { OrdersTable } from './orders-table';

function order(id: string, names: string[]): Order {
  return {
    _id: id,
    invoiceNumber: 'INV-1',
    createdAt: '2026-11-23T08:00:00.000Z',
    amount: 2650,
    deliveryFee: null,
    total: 2650,
    timeline: [],
    status: 'delivered',
    paymentType: 'cash',
    paymentStatus: 'completed',
    address: { _id: 'a1', description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788000111', isDefault: true },
    products: names.map((productName, index) => ({ productId: `p${index}`, productName, productQuantity: 1, price: 500, subtotal: 500 })) as Order['products'],
    deliveryWindow: null,
    momoTransactionId: null,
    paymentFailureReason: null,
    momoRequest: null,
    finalAmount: 2650,
    packedAt: null,
  };
}

const FIRST = order('ord0000000000000abcd1234', ['Tomatoes', 'Carrots', 'Onions', 'Garlic', 'Lemons']);
const SECOND = order('ord0000000000000efgh5678', ['Avocados']);

function renderAt(element: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={element} />
        <Route path="/cart" element={<h1>Your Cart</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  useAuthStore.setState({ isAuthenticated: false, token: null, user: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Order again on each order row', () => {
  it('shows a button on every row without opening it, which orders that very order again', async () => {
    const reordered: string[] = [];
    mockFetch((request) => {
      reordered.push(new URL(request.url).pathname);
      return json({ success: true, message: 'Added to your cart', cart: { products: [], totalItems: 0, totalPrice: 0 }, skipped: [] });
    });
    renderAt(<OrdersTable orders={[FIRST, SECOND]} caption="Your orders" />);
    const rows = screen.getAllByRole('row').filter((row) => within(row).queryByRole('button', { name: 'Order again' }));
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByRole('button', { name: 'Deliver every week' })).toBeVisible();
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Order again' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
    expect(reordered).toEqual([`/api/order/${SECOND._id}/reorder`]);
  });
});

describe('Order again on the home page', () => {
  it("offers a returning shopper's last order, naming what it held", async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 'token' });
    mockFetch((request) =>
      new URL(request.url).pathname === '/api/order/getUserOrders'
        ? json({ success: true, orders: [FIRST], pagination: { totalPages: 1, currentPage: 1, hasNextPage: false, total: 1 } })
        : json({ success: true, message: 'Added to your cart', cart: { products: [], totalItems: 0, totalPrice: 0 }, skipped: [] }),
    );
    renderAt(<LastOrderAgain />);
    const card = await screen.findByRole('region', { name: 'Your last order' });
    expect(card).toHaveTextContent('#ABCD1234 of 23 Nov 2026: Tomatoes, Carrots, Onions and 2 more');
    await userEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it('shows nothing to a visitor, and asks the server nothing', () => {
    const fetchMock = mockFetch(() => json({}, 500));
    const { container } = renderAt(<LastOrderAgain />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing to a signed-in shopper with no order yet', async () => {
    useAuthStore.setState({ isAuthenticated: true, token: 'token' });
    const fetchMock = mockFetch(() => json({ success: true, orders: [], pagination: { totalPages: 1, currentPage: 1, hasNextPage: false, total: 0 } }));
    const { container } = renderAt(<LastOrderAgain />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
