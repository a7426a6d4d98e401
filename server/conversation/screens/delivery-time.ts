// Delivery windows in the conversation: named in the shopper's language with a plain "-"
// (USSD is GSM-7); the windows free now ("Today" only before 2 PM) for the checkout to offer. A
// screen shows a few of the week's windows, so each is named only when shown.
import { nowOf } from '../../lib/deps';
import { comingWindows, labelOf, windowLabel, type WindowRoom } from '../../modules/delivery/delivery.service';
import { windowWords } from '../../modules/delivery/window-words';
import type { ScreenContext } from '../types';

type Context = Pick<ScreenContext, 'deps' | 'session'>;

/** An order's window as this shopper reads it: "Today 16:00-18:00", "Ejo 08:00-10:00". */
export function windowText(ctx: Context, window: { start: string; end: string }): string {
  return labelOf(window, nowOf(ctx.deps), windowWords(ctx.session.language));
}

/** A coming window as this shopper reads it. */
export function slotText(ctx: Context, slot: WindowRoom['slot']): string {
  return windowLabel(slot, nowOf(ctx.deps), windowWords(ctx.session.language));
}

/** The coming windows, free or not. */
export function windowsAhead(ctx: Context): Promise<WindowRoom[]> {
  return comingWindows(ctx.deps);
}

/** The windows a shopper can choose now. */
export async function freeWindows(ctx: Context): Promise<WindowRoom[]> {
  return (await windowsAhead(ctx)).filter((window) => window.available);
}

/** The window chosen, should it still be offered, else the first free one: what a confirmation shows. */
export function chosenOrNext(windows: WindowRoom[], chosenId: string | undefined): WindowRoom | undefined {
  return windows.find((window) => window.slot.id === chosenId) ?? windows.find((window) => window.available);
}
