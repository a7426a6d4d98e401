// A settable shop clock for tests of delivery windows and weekly baskets: the shop's rules read
// deps.now, so a test stands at 13:59 or 14:00 in Kigali without sleeping.
import type { ShopDeps } from '../../server/lib/deps';

/** "2026-11-24 13:59" in Kigali (UTC+2, no daylight saving) as an instant. */
export function kigali(text: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a Kigali time: ${text}`);
  return new Date(`${match[1]}T${match[2]}:00+02:00`);
}

/** Sets the shop's clock to a Kigali time; returns a setter for moving it on. */
export function setShopClock(deps: ShopDeps, text: string): (next: string) => void {
  let now = kigali(text);
  deps.now = () => now;
  return (next) => {
    now = kigali(next);
  };
}
