// The dashboard's hand-drawn chart: one bar per day scaled to a round top, a readable summary for
// screen readers, and the exact numbers in a table.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyBarChart, niceCeiling, shortDate } from './daily-bar-chart';

const days = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-11-${String(index + 1).padStart(2, '0')}`,
  value: index === 29 ? 7 : index % 3,
}));

describe('DailyBarChart', () => {
  it('rounds the axis top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(12)).toBe(20);
    expect(niceCeiling(45_000)).toBe(50_000);
    expect(niceCeiling(100)).toBe(100);
  });

  it('writes dates the short way', () => {
    expect(shortDate('2026-11-03')).toBe('3 Nov');
  });

  it('draws a bar per day, the tallest reaching in proportion to the top, and summarises it', () => {
    const { container } = render(<DailyBarChart title="Orders per day" points={days} format={(value) => String(value)} />);
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    // 7 on a top of 10: 70% of the plot's height (160 - 8 - 22 = 130).
    expect(Number(bars[29].getAttribute('height'))).toBeCloseTo(91, 5);
    expect(Number(bars[0].getAttribute('height'))).toBe(0);
    const total = days.reduce((sum, day) => sum + day.value, 0);
    expect(screen.getByRole('img', { name: `Orders per day, 1 Nov to 30 Nov: total ${total}, highest 7 on 30 Nov` })).toBeInTheDocument();
  });

  it('lists every day with its value in a table', () => {
    render(<DailyBarChart title="Sales per day (frw)" points={days.slice(-2)} format={(value) => `frw ${value}`} />);
    const rows = within(screen.getByRole('table', { hidden: true })).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual(['DaySales per day (frw)', '29 Novfrw 1', '30 Novfrw 7']);
  });

  it('says so when there is no data', () => {
    render(<DailyBarChart title="Orders per day" points={[]} format={String} />);
    expect(screen.getByRole('img', { name: 'Orders per day: no data' })).toBeInTheDocument();
  });
});
