// The packing screen: a packer weighs a line with the stepper and sends its real weight, sees the
// server's refusal (over the cap) next to that line and not elsewhere, shorts another, substitutes
// with the shopper's named product filled in, and Done sends done: true and shows the final amount.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderLine } from '@server/modules/orders/orders.schema';
import { toast } from '@web/components/ui/toast';
import { json, mockFetch } from '@web/test/mock-fetch';
import { ConsoleAccountContext } from '../console-account';
import PackingPage from './packing-page';

function line(over: Partial<OrderLine>): OrderLine {
  return {
    productId: 'p1',
    productName: 'Tomatoes',
    productImage: null,
    productQuantity: 2,
    unit: 'kg',
    price: 1000,
    subtotal: 2000,
    productDetails: { productname: 'Tomatoes', productImage: null },
    estimated: true,
    substitution: 'similar',
    packedQuantity: null,
    substitutedBy: null,
    finalSubtotal: null,
    refusedQuantity: 0,
    ...over,
  } as OrderLine;
}

const tomatoes = line({});
const milk = line({ productId: 'p2', productName: 'Milk', productQuantity: 3, unit: 'pcs', price: 500, subtotal: 1500, estimated: false, substitution: { productId: 'p9' } });
const order = {
  _id: 'order-0001abcd',
  status: 'pending',
  amount: 3500,
  finalAmount: 3500,
  packedAt: null,
  address: { description: 'Near the blue gate', district: 'Gasabo', street: 'KG 11 Ave', city: 'Kigali', phoneNumber: '+250788000111' },
  deliveryWindow: { label: 'Today 10:00–12:00' },
  products: [tomatoes, milk],
} as unknown as Order;

/** The order GET answers with; a test may serve another. */
let served: Order = order;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function serve(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  mockFetch(async (request) => {
    const call = { method: request.method, path: new URL(request.url).pathname, body: request.method === 'GET' ? undefined : await request.json() };
    calls.push(call);
    if (call.method === 'GET' && call.path === '/api/admin/orders/order-0001abcd/packing') return json({ success: true, order: served });
    if (call.method === 'GET' && call.path === '/api/product/getProductDetails/p9') return json({ success: true, product: { _id: 'p9', productname: 'Goat milk', price: 700 } });
    return answer(call) ?? json({ success: false, message: 'Not expected' }, 500);
  });
  return calls;
}

function renderPage() {
  render(
    <ConsoleAccountContext.Provider value={{ id: 'u5', roles: ['packer'] }}>
      <MemoryRouter initialEntries={['/admin/orders/order-0001abcd/packing']}>
        <Routes>
          <Route path="/admin/orders/:orderId/packing" element={<PackingPage />} />
        </Routes>
      </MemoryRouter>
    </ConsoleAccountContext.Provider>,
  );
}

beforeEach(() => {
  toast.clear();
  served = order;
});
afterEach(() => vi.unstubAllGlobals());

describe('PackingPage', () => {
  it("shows each line's order, estimate and preference, and the shopper's named product", async () => {
    serve(() => undefined);
    renderPage();
    const tomatoLine = await screen.findByRole('listitem', { name: 'Tomatoes' });
    expect(within(tomatoLine).getByText('Ordered 2 kg · about frw 2,000.00')).toBeInTheDocument();
    expect(within(tomatoLine).getByText('If missing: a similar item')).toBeInTheDocument();
    const milkLine = screen.getByRole('listitem', { name: 'Milk' });
    expect(await within(milkLine).findByText('If missing: Goat milk')).toBeInTheDocument();
    // Pack for a packer goes back to the pick list: the console's order page is staff's.
    expect(screen.getByRole('link', { name: /Pick list/ })).toHaveAttribute('href', '/admin/delivery');
  });

  it('sends the weighed weight set with the stepper, and shows a refusal next to its line only', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => {
      const sent = (call.body as { lines: { packed: number }[] }).lines[0];
      if (sent.packed > 2.2) return json({ success: false, message: 'Tomatoes: at most 2.2 kg may be packed without asking the shopper' }, 400);
      return json({ success: true, message: 'Packing saved', order: { ...order, products: [{ ...tomatoes, packedQuantity: sent.packed, finalSubtotal: sent.packed * 1000 }, milk] } });
    });
    renderPage();
    const tomatoLine = await screen.findByRole('listitem', { name: 'Tomatoes' });
    const weight = within(tomatoLine).getByLabelText('Real weight');
    await user.clear(weight);
    await user.type(weight, '2.3');
    await user.click(within(tomatoLine).getByRole('button', { name: 'Packed' }));
    expect(await within(tomatoLine).findByRole('alert')).toHaveTextContent('at most 2.2 kg may be packed without asking the shopper');
    expect(within(screen.getByRole('listitem', { name: 'Milk' })).queryByRole('alert')).toBeNull();

    await user.clear(weight);
    await user.type(weight, '1.9');
    await user.click(within(tomatoLine).getByRole('button', { name: 'Less real weight' }));
    expect(weight).toHaveValue(1.8);
    await user.click(within(tomatoLine).getByRole('button', { name: 'Packed' }));
    expect(await screen.findByText('Packed 1.8 kg')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { lines: [{ productId: 'p1', packed: 2.3 }] },
      { lines: [{ productId: 'p1', packed: 1.8 }] },
    ]);
  });

  it("moves a weighed line by its product's own step, and never below nothing", async () => {
    const user = userEvent.setup();
    const onions = line({ productId: 'p3', productName: 'Red onions', productQuantity: 1.5, subtotal: 1500, quantityStep: 0.5 });
    served = { ...order, products: [onions, { ...milk, quantityStep: 1 }] } as Order;
    const calls = serve((call) => {
      const sent = (call.body as { lines: { packed: number }[] }).lines[0];
      return json({ success: true, message: 'Packing saved', order: { ...served, products: [{ ...onions, packedQuantity: sent.packed, finalSubtotal: sent.packed * 1000 }, milk] } });
    });
    renderPage();
    const onionLine = await screen.findByRole('listitem', { name: 'Red onions' });
    const weight = within(onionLine).getByLabelText('Real weight');
    expect(weight).toHaveAttribute('step', '0.5');
    const less = within(onionLine).getByRole('button', { name: 'Less real weight' });
    await user.click(less);
    expect(weight).toHaveValue(1);
    await user.click(less);
    await user.click(less);
    await user.click(less);
    expect(weight).toHaveValue(0);
    await user.click(within(onionLine).getByRole('button', { name: 'More real weight' }));
    await user.click(within(onionLine).getByRole('button', { name: 'More real weight' }));
    await user.click(within(onionLine).getByRole('button', { name: 'More real weight' }));
    expect(weight).toHaveValue(1.5);
    // A count moves by whole units.
    expect(within(screen.getByRole('listitem', { name: 'Milk' })).getByLabelText('Count packed')).toHaveAttribute('step', '1');
    await user.click(within(onionLine).getByRole('button', { name: 'Short' }));
    const there = within(onionLine).getByLabelText('How much is there');
    await user.click(within(onionLine).getByRole('button', { name: 'Less how much is there' }));
    expect(there).toHaveValue(0);
    await user.click(within(onionLine).getByRole('button', { name: 'More how much is there' }));
    expect(there).toHaveValue(0.5);
    await user.click(within(onionLine).getByRole('button', { name: 'Save short' }));
    expect(await screen.findByText('Packed 0.5 kg')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ lines: [{ productId: 'p3', packed: 0.5 }] }]);
  });

  it('shorts a line, substitutes with the named product, and Done shows the final amount', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => {
      const body = call.body as { lines: { productId: string; packed: number; substitutedBy?: string }[]; done?: boolean };
      if (body.done) return json({ success: true, message: 'Order packed', order: { ...order, status: 'processing', packedAt: '2026-11-27T08:00:00.000Z', finalAmount: 2800 } });
      return json({ success: true, message: 'Packing saved', order });
    });
    renderPage();
    const milkLine = await screen.findByRole('listitem', { name: 'Milk' });
    await user.click(within(milkLine).getByRole('button', { name: 'Short' }));
    const there = within(milkLine).getByLabelText('How much is there');
    expect(there).toHaveValue(0);
    await user.click(within(milkLine).getByRole('button', { name: 'More how much is there' }));
    await user.click(within(milkLine).getByRole('button', { name: 'Save short' }));

    await user.click(await within(milkLine).findByRole('button', { name: 'Substitute' }));
    const choice = within(milkLine).getByLabelText('Substitute');
    await within(milkLine).findByRole('option', { name: "Goat milk (the shopper's choice)" });
    expect(choice).toHaveValue('p9');
    await user.click(within(milkLine).getByRole('button', { name: 'Save substitute' }));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('frw 2,800.00', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done again (amount recomputed)' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { lines: [{ productId: 'p2', packed: 1 }] },
      { lines: [{ productId: 'p2', packed: 3, substitutedBy: 'p9' }] },
      { lines: [], done: true },
    ]);
  });
});
