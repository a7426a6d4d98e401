// How the console writes numbers, dates and statuses.
import { ORDER_CHANNEL_NAMES, type OrderChannel } from '@server/modules/orders/order-lists.schema';
import { formatMoney } from '@web/lib/money';

export { formatMoney };

// Intl rather than date-fns: sharing date-fns with the storefront's order pages would re-split their
// chunks and lengthen the storefront entry's list of them.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 23 Nov 2026, 14:05 in the phone's own time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** Axis labels: 12k rather than frw 12,000.00, so they fit on a phone. */
export function compactNumber(value: number): string {
  if (value >= 1_000_000) return `${Math.round(value / 100_000) / 10}M`;
  if (value >= 1_000) return `${Math.round(value / 100) / 10}k`;
  return String(Math.round(value * 10) / 10);
}

export function capitalise(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

export function channelName(channel: string): string {
  return ORDER_CHANNEL_NAMES[channel as OrderChannel] ?? channel;
}

/** The button that moves an order to a status: words a shop worker would say. */
const MOVE_LABELS: Record<string, string> = {
  processing: 'Start processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};
export function moveLabel(status: string): string {
  return MOVE_LABELS[status] ?? `Move to ${status}`;
}
