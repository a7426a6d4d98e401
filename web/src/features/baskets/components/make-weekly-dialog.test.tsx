// "Deliver every week" on an order: one basket per order (an order that has one shows it, never a
// form for a second), and a day and time on the order's own window said before saving.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Basket } from '@server/modules/baskets/baskets.schema';
import { json, mockFetch } from '@web/test/mock-fetch';
import { MakeWeeklyButton } from './make-weekly-dialog';

// The shop's weekly days and times the dialog offers: Mondays and Saturdays, two windows each.
const WEEKLY_TIMES = [
  { weekday: 1, windows: [{ start: '08:00', end: '10:00' }, { start: '10:00', end: '12:00' }] },
  { weekday: 6, windows: [{ start: '10:00', end: '12:00' }, { start: '12:00', end: '14:00' }] },
];

function basket(overrides: Partial<Basket> = {}): Basket {
  return {
    _id: 'b1',
    weekday: 6,
    windowStart: '10:00',
    label: 'Saturdays 10:00–12:00',
    paused: false,
    nextDelivery: { date: '2026-12-12', start: '2026-12-12T10:00:00+02:00', end: '2026-12-12T12:00:00+02:00', label: 'Sat 12 Dec 10:00–12:00', skipped: false, orderId: null },
    coveredBy: null,
    fromOrderId: 'order00000000ABCD1234',
    lines: [],
    total: 1600,
    paymentType: 'cash',
    payerPhone: null,
    address: null,
    createdAt: '2026-12-04T13:00:00.000Z',
    ...overrides,
  };
}

function serve(baskets: Basket[], onCreate?: (body: unknown) => Response) {
  return mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/delivery/weekly-times') return json({ success: true, days: WEEKLY_TIMES });
    if (path === '/api/baskets' && request.method === 'GET') return json({ success: true, baskets });
    if (path === '/api/baskets' && request.method === 'POST' && onCreate) return onCreate(await request.json());
    return json({ success: false, message: 'Not found' }, 404);
  });
}

const ORDER = { orderId: 'order00000000ABCD1234', orderNumber: 'ABCD1234', coming: { start: '2026-12-05T10:00:00+02:00', label: 'Tomorrow 10:00–12:00' } };

describe('MakeWeeklyButton', () => {
  it("says before saving that the order's own window is that week's basket", async () => {
    serve([]);
    render(<MakeWeeklyButton {...ORDER} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliver every week' }));
    // The first day offered is Monday: nothing to say yet.
    await screen.findByLabelText('Every week on');
    expect(screen.queryByText(/already comes/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Every week on'), 'Saturdays');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Order #ABCD1234 already comes Tomorrow 10:00–12:00, at this time: that week it is your basket, so the weekly deliveries start the week after.',
    );
    await userEvent.selectOptions(screen.getByLabelText('Delivery time'), '12:00–14:00');
    expect(screen.queryByText(/already comes/)).toBeNull();
  });

  it('an order that has its weekly basket shows it, with no form for a second', async () => {
    serve([basket()]);
    render(<MakeWeeklyButton {...ORDER} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliver every week' }));
    expect(await screen.findByText(/is delivered every week already/)).toHaveTextContent(
      'Order #ABCD1234 is delivered every week already: your weekly basket Saturdays 10:00–12:00, next Sat 12 Dec 10:00–12:00.',
    );
    expect(screen.queryByLabelText('Every week on')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Deliver every week' })).toHaveLength(1);
  });

  it("shows the server's refusal naming the basket that exists (made meanwhile elsewhere)", async () => {
    const refusal = 'Order #ABCD1234 is delivered every week already: your weekly basket Saturdays 10:00–12:00. Change or stop it from your profile';
    serve([], () => json({ success: false, message: refusal, error: 'basket_exists', basketId: 'b1' }, 409));
    render(<MakeWeeklyButton {...ORDER} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliver every week' }));
    await screen.findByLabelText('Every week on');
    const buttons = screen.getAllByRole('button', { name: 'Deliver every week' });
    await userEvent.click(buttons[buttons.length - 1]);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});
