// The amount rules of packing (docs/packing.md), in one place and without a database, so every rule
// is tested on its own: a weighed line may come out at most the shop's percent above its estimate
// without asking; a dearer substitute is charged at the ordered product's price unless the shopper
// accepted the difference; a refused substitute leaves the line out; a short line is charged for
// what was packed. Amounts are integer minor units.
import { lineMinor } from '../../lib/quantities';

export interface PackedLine {
  /** As ordered: quantity, unit price and estimate (subtotal). */
  quantity: number;
  priceMinor: number;
  subtotalMinor: number;
  /** What went in the bag; of the substitute when there is one. */
  packed: number;
  substitute?: { priceMinor: number; answer: 'asked' | 'accepted' | 'refused' | 'timed_out' | null };
}

/** The most of a weighed line that may be packed without asking: the estimate plus the shop's percent. */
export function mostWithoutAsking(quantity: number, overEstimatePercent: number): number {
  return Math.floor(quantity * (100 + overEstimatePercent) * 10 + 1e-6) / 1000;
}

/** The price a substitute is charged at: its own, or the ordered one when it is dearer and the difference was not accepted. */
export function substitutePriceMinor(orderedMinor: number, substituteMinor: number, accepted: boolean): number {
  return accepted ? substituteMinor : Math.min(orderedMinor, substituteMinor);
}

/** What a packed line costs. */
export function finalLineMinor(line: PackedLine): number {
  if (!line.substitute) return lineMinor(line.priceMinor, line.packed);
  if (line.substitute.answer === 'refused') return 0;
  return lineMinor(substitutePriceMinor(line.priceMinor, line.substitute.priceMinor, line.substitute.answer === 'accepted'), line.packed);
}

/** The order's final amount: each packed line as packed, a line not packed at its estimate. */
export function finalAmountMinor(lines: readonly { finalMinor: number | null; subtotalMinor: number }[]): number {
  return lines.reduce((sum, line) => sum + (line.finalMinor ?? line.subtotalMinor), 0);
}

/** An answer still awaited past its time counts as no answer: the shopper's preference applies. */
export function answerNow(answer: string | null, answerBy: Date | string | null, now: Date): 'asked' | 'accepted' | 'refused' | 'timed_out' | null {
  if (answer === 'asked' && answerBy && new Date(answerBy).getTime() <= now.getTime()) return 'timed_out';
  return answer === 'asked' || answer === 'accepted' || answer === 'refused' || answer === 'timed_out' ? answer : null;
}
