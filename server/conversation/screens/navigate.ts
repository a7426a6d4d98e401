// Following a fixed menu choice (menu.ts) that only moves: a guest is asked to log in first where
// the choice needs an account, Checkout starts the checkout, Home goes home, and any other screen
// opens on top. Choices that do something (remove a line, place the order) stay with their screen.
import type { Outcome, ScreenContext, ScreenDataMap, ScreenName } from '../types';
import { startCheckout } from './checkout';
import { goHome, needsAccount, push } from './helpers';
import type { MenuChoice } from './menu';

/** Screens a choice opens with nothing to carry over. */
type PlainScreen = { [N in ScreenName]: Record<string, never> extends ScreenDataMap[N] ? N : never }[ScreenName];

const PLAIN_SCREENS: readonly PlainScreen[] = ['search-prompt', 'categories', 'cart', 'cart-clear', 'orders', 'addresses', 'language', 'checkout-address'];

const isPlainScreen = (to: string): to is PlainScreen => (PLAIN_SCREENS as readonly string[]).includes(to);

/** The log-in prompt, for a guest making a choice that needs an account. */
export function loginFirst(ctx: ScreenContext, chosen: MenuChoice): Outcome | undefined {
  return chosen.needsAccount ? needsAccount(ctx, chosen.needsAccount) : undefined;
}

export async function follow(ctx: ScreenContext, chosen: MenuChoice): Promise<Outcome> {
  const denied = loginFirst(ctx, chosen);
  if (denied) return denied;
  if (chosen.to === 'checkout') return startCheckout(ctx);
  if (chosen.to === 'home') return goHome();
  if (isPlainScreen(chosen.to)) return push(chosen.to);
  throw new Error(`Choice ${chosen.key} leads to ${chosen.to}, which its own screen opens`);
}
