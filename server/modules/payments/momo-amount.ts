// What MTN is asked for: the order's total, from the shop's integer minor units (1/100 frw) to the
// string MTN's `amount` takes. No conversion between currencies happens here: the shop's prices are
// Rwandan francs, and the sandbox's EUR is play money that only tests the flow.
//   RWF (live, mtnrwanda): whole francs, since RWF has no minor unit in practice (ISO 4217 gives it
//       none and MoMo wallets hold whole francs). An order with cents is rounded to the nearest franc,
//       halves up: frw 2,650.50 is asked as "2651", frw 2,650.49 as "2650".
//   EUR (sandbox): the same figure with its cents, "2650.5" written "2650.50"; a whole one as "2650".
const ZERO_DECIMALS: ReadonlySet<string> = new Set(['RWF']);

export function momoAmount(amountMinor: number, currency: string): string {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new Error(`cannot ask MTN for ${amountMinor} minor units`);
  if (ZERO_DECIMALS.has(currency)) return String(Math.floor((amountMinor + 50) / 100));
  const cents = amountMinor % 100;
  const whole = (amountMinor - cents) / 100;
  return cents ? `${whole}.${String(cents).padStart(2, '0')}` : String(whole);
}
