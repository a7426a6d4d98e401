// The same basket placed twice within minutes (a retried session, two faces open, a slip of the
// thumb): the confirm screens say so on their title line before Confirm ("Ordered 3 min ago! Again:
// frw 1,600.00", short enough for USSD), and Confirm then orders it again knowingly. An order placed
// meanwhile (after the screen opened) is warned of first.
import { isAppError } from '../../lib/errors';
import type { DuplicateOf } from '../../modules/orders/orders.schema';
import { DUPLICATE_ORDER } from '../../modules/orders/orders.service';
import type { Outcome, ScreenContext, ScreenState, TwinOrder } from '../types';

export const twinOf = (found: DuplicateOf | undefined): TwinOrder | undefined => found && { id: found._id, number: found.orderNumber, minutesAgo: found.minutesAgo };

/** A confirm screen's title: its total, said as a repeat when it repeats an order of minutes ago. */
export function confirmTitle(ctx: ScreenContext, twin: TwinOrder | undefined, title: string, total: string): string {
  return twin ? ctx.t('checkout.twin', { minutes: twin.minutesAgo, total }) : title;
}

/** The order of minutes ago a refused placement names, when the same products were ordered meanwhile. */
export function twinRefusing(error: unknown): TwinOrder | undefined {
  if (!isAppError(error) || error.code !== DUPLICATE_ORDER) return undefined;
  return twinOf(error.details.duplicateOf as DuplicateOf);
}

/** The screen shown again, now warning of that order on its title, so the next Confirm orders it twice knowingly. */
export function warnedAgain(to: ScreenState): Outcome {
  return { type: 'go', how: 'replace', to };
}
