// Delivery windows in the conversation (issue 20): named in the shopper's language with a plain "-"
// (USSD is GSM-7); the windows free now ("Today" only before 2 PM) for the checkout to offer.
import { nowOf } from '../../lib/deps';
import { labelOf, listDeliveryWindows } from '../../modules/delivery/delivery.service';
import { windowWords } from '../../modules/delivery/window-words';
import type { ScreenContext } from '../types';

type Context = Pick<ScreenContext, 'deps' | 'session'>;

/** An order's window as this shopper reads it: "Today 16:00-18:00", "Ejo 08:00-10:00". */
export function windowText(ctx: Context, window: { start: string; end: string }): string {
  return labelOf(window, nowOf(ctx.deps), windowWords(ctx.session.language));
}

/** The coming windows, free or not, named in the shopper's language. */
export async function windowsInWords(ctx: Context) {
  return listDeliveryWindows(ctx.deps, windowWords(ctx.session.language));
}

/** The windows a shopper can choose now, named in their language. */
export async function freeWindows(ctx: Context) {
  return (await windowsInWords(ctx)).filter((window) => window.available);
}
