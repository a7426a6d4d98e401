// The delivery fee as the cart and checkout quote it before Confirm: GET /delivery/fees read once per
// page, and the server's own rule (delivery-fees.schema.ts: feeFor) applied to the address and the
// goods, so the web quotes the fee the order will be placed with.
import { feeFor, feeTableOf, type DeliveryFeesReply, type Place } from '@server/modules/delivery/delivery-fees.schema';
import { t } from '@lingui/core/macro';
import { api } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useRemote } from '@web/lib/use-remote';

type Fees = DeliveryFeesReply['fees'];

async function fetchDeliveryFees(signal: AbortSignal): Promise<Fees> {
  return (await api.get('delivery/fees', { signal }).json<DeliveryFeesReply>()).fees;
}

/** The shop's fee setting, or undefined while it loads (the rows then say "Negotiable", as before a table). */
export function useDeliveryFees(): Fees | undefined {
  return useRemote(fetchDeliveryFees, [], 'Could not load the delivery fee').state.data;
}

/** What the Delivery row says and what the total adds: `fee` null while it is agreed at the door. */
export interface FeeQuote {
  words: string;
  fee: number | null;
}

/**
 * The fee for the goods to a place (checkout: the chosen address), or, with no place yet (the cart),
 * the range the table charges for an order this size.
 */
export function quoteDeliveryFee(fees: Fees | undefined, subtotal: number, place: Place | undefined, negotiableWords: string): FeeQuote {
  if (!fees || fees.mode === 'negotiable') return { words: negotiableWords, fee: null };
  const table = feeTableOf(fees);
  const subtotalMinor = Math.round(subtotal * 100);
  if (place) {
    const quote = feeFor(table, place, subtotalMinor);
    if (quote.mode === 'negotiable') return { words: negotiableWords, fee: null };
    return { words: quote.feeMinor === 0 ? t`Free` : formatMoney(quote.feeMinor / 100), fee: quote.feeMinor / 100 };
  }
  if (fees.freeFrom !== null && subtotal >= fees.freeFrom) return { words: t`Free`, fee: 0 };
  const charged = [...new Set(fees.rates.map((rate) => rate.district))].map((district) => feeFor(table, { district }, subtotalMinor));
  const amounts = charged.flatMap((quote) => (quote.mode === 'fixed' ? [quote.feeMinor / 100] : []));
  if (!amounts.length) return { words: negotiableWords, fee: null };
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  // The place is chosen at checkout: the cart names what the table charges, the total leaves it out.
  const range = low === high ? formatMoney(low) : `${formatMoney(low)}–${formatMoney(high)}`;
  return { words: t`${range} by district`, fee: null };
}
