// The menu's table (server/conversation/screens/menu.ts) checked as a whole: every choice leads to a
// screen that exists, every screen can be reached, the map in docs/conversation.md is what the table
// holds, and `npm run flows -- --map` prints all of it.
import { describe, expect, it } from 'vitest';
import { edgesOf, menuMap, screensOf } from '../../flows/menu-map';
import { translator } from '../../server/conversation/i18n';
import { screens } from '../../server/conversation/screens';
import { choiceLabel, isStep, MENU, STEPS, type Destination } from '../../server/conversation/screens/menu';
import type { ScreenName } from '../../server/conversation/types';

const t = translator('en');
const SCREENS = Object.keys(screens) as ScreenName[];

/**
 * Every screen a screen leads to, a guest's log-in prompt included. Within the menu the first
 * screens are not dialled again (choosing a language from the menu goes home), so `entry` may be left out.
 */
function nextScreens(name: ScreenName, withEntry: boolean): ScreenName[] {
  const loginFirst = (MENU[name].choices ?? []).some((chosen) => chosen.needsAccount) ? (['login-required'] as const) : [];
  const edges = edgesOf(name).filter((edge) => withEntry || edge.to !== 'entry');
  return [...edges.flatMap((edge) => screensOf(edge.to)), ...loginFirst];
}

function reachableFrom(start: ScreenName[], withEntry = true): Set<ScreenName> {
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length) {
    for (const next of nextScreens(queue.shift()!, withEntry)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('the menu table', () => {
  it('describes exactly the screens the engine has', () => {
    expect(Object.keys(MENU).sort()).toEqual([...SCREENS].sort());
  });

  it('leads every choice, list entry and typed answer to a screen that exists', () => {
    for (const name of SCREENS) {
      for (const edge of edgesOf(name)) {
        expect(isStep(edge.to) || SCREENS.includes(edge.to), `${name}: ${edge.via} -> ${edge.to}`).toBe(true);
      }
    }
    for (const [step, { leadsTo }] of Object.entries(STEPS)) {
      for (const target of leadsTo) expect(SCREENS, `step ${step}`).toContain(target);
    }
  });

  it('gives each screen distinct keys, never a navigation key (0 Back, 00 Home, 98 More)', () => {
    for (const name of SCREENS) {
      const keys = (MENU[name].choices ?? []).map((chosen) => chosen.key);
      expect(new Set(keys).size, name).toBe(keys.length);
      for (const key of keys) expect(['0', '00', '98'], `${name} ${key}`).not.toContain(key);
    }
  });

  it('reaches every screen from dialling, and every screen but the first-contact ones from home', () => {
    expect([...reachableFrom([...STEPS.entry.leadsTo])].sort()).toEqual([...SCREENS].sort());
    const fromHome = reachableFrom(['home'], false);
    const notFromHome = SCREENS.filter((name) => !fromHome.has(name));
    expect(notFromHome.sort()).toEqual(['resume', 'signup']);
  });
});

/**
 * docs/conversation.md's screen map, line by line: from a screen, by a key (its words as the doc gives
 * them), a chosen list entry or typed words, to a screen or a shared step.
 */
const DOC_MAP: { from: ScreenName; key?: string; words?: string; via?: 'rows' | 'typed'; to: Destination }[] = [
  { from: 'language', key: '1', words: 'English', to: 'home' },
  { from: 'language', key: '2', words: 'Kinyarwanda', to: 'home' },
  { from: 'language', key: '3', words: 'Francais', to: 'home' },
  { from: 'signup', via: 'typed', to: 'home' },
  { from: 'resume', key: '1', words: 'Continue where you left off', to: 'journey' },
  { from: 'resume', key: '2', words: 'Start again', to: 'home' },
  { from: 'home', key: '1', words: 'Search', to: 'search-prompt' },
  { from: 'search-prompt', via: 'typed', to: 'search-results' },
  { from: 'search-results', via: 'rows', to: 'product' },
  { from: 'product', key: '1', words: 'Add', to: 'quantity' },
  { from: 'quantity', via: 'typed', to: 'added' },
  { from: 'added', key: '1', words: 'Checkout', to: 'checkout' },
  { from: 'added', key: '2', words: 'Shop more', to: 'home' },
  { from: 'added', key: '3', words: 'Cart', to: 'cart' },
  { from: 'home', key: '2', words: 'Categories', to: 'categories' },
  { from: 'categories', via: 'rows', to: 'category' },
  { from: 'category', via: 'rows', to: 'product' },
  { from: 'home', key: '3', words: 'My cart', to: 'cart' },
  { from: 'cart', via: 'rows', to: 'cart-line' },
  { from: 'cart-line', key: '1', words: 'Change quantity', to: 'cart-quantity' },
  { from: 'cart-line', key: '2', words: 'Remove', to: 'cart' },
  { from: 'cart', key: '8', words: 'Checkout', to: 'checkout' },
  { from: 'cart', key: '9', words: 'Clear cart', to: 'cart-clear' },
  { from: 'home', key: '4', words: 'Track orders', to: 'orders' },
  { from: 'orders', via: 'rows', to: 'order' },
  { from: 'home', key: '5', words: 'My addresses', to: 'addresses' },
  { from: 'addresses', via: 'rows', to: 'address-detail' },
  { from: 'address-detail', key: '1', words: 'Make default', to: 'addresses' },
  { from: 'address-detail', key: '2', words: 'Delete', to: 'addresses' },
  { from: 'addresses', words: 'Add new', to: 'address-district' },
  { from: 'home', key: '6', words: 'Language', to: 'language' },
  { from: 'checkout-address', via: 'rows', to: 'checkout-window' },
  { from: 'checkout-window', via: 'rows', to: 'checkout-confirm' },
  { from: 'checkout-address', words: 'Add new', to: 'address-district' },
  { from: 'address-district', key: '1', words: 'Gasabo', to: 'address-sector' },
  { from: 'address-district', key: '2', words: 'Kicukiro', to: 'address-sector' },
  { from: 'address-district', key: '3', words: 'Nyarugenge', to: 'address-sector' },
  { from: 'address-sector', via: 'rows', to: 'address-street' },
  { from: 'address-sector', via: 'typed', to: 'address-street' },
  { from: 'address-street', via: 'typed', to: 'address-description' },
  { from: 'address-description', via: 'typed', to: 'address-phone' },
  { from: 'address-phone', key: '1', words: 'Use 07', to: 'checkout-window' },
  { from: 'address-phone', key: '2', words: 'Another number', to: 'address-phone-other' },
  { from: 'checkout-confirm', key: '1', words: 'Confirm', to: 'placed' },
  { from: 'checkout-confirm', key: '2', words: 'Pay now with MoMo', to: 'placed' },
  { from: 'order', key: '1', words: 'Pay again', to: 'momo-requested' },
  { from: 'order', key: '2', words: 'Deliver every week', to: 'basket-day' },
  { from: 'basket-day', via: 'rows', to: 'basket-time' },
  { from: 'basket-time', via: 'rows', to: 'basket' },
  { from: 'home', key: '7', words: 'Order again', to: 'again-confirm' },
  { from: 'again-confirm', key: '1', words: 'Confirm', to: 'placed' },
  { from: 'again-confirm', key: '2', words: 'Pay now with MoMo', to: 'placed' },
  { from: 'again-confirm', key: '3', words: 'Change address', to: 'checkout-address' },
  { from: 'again-confirm', key: '4', words: 'Change time', to: 'checkout-window' },
  { from: 'home', key: '8', words: 'My weekly basket', to: 'basket' },
  { from: 'basket', key: '1', words: 'Skip the next one', to: 'basket' },
  { from: 'basket', key: '2', words: 'Pause', to: 'basket' },
  { from: 'basket', key: '3', words: 'Change day or time', to: 'basket-day' },
  { from: 'basket', key: '4', words: 'Stop it', to: 'basket-stop' },
];

/** Whether going to `to` can end on `wanted` (a screen a shared step may lead to counts). */
const leadsTo = (to: Destination, wanted: Destination) => to === wanted || (!isStep(wanted) && screensOf(to).includes(wanted));

describe("docs/conversation.md's screen map", () => {
  it.each(DOC_MAP)('$from: $key $words $via -> $to', ({ from, key, words, via, to }) => {
    const screen = MENU[from];
    if (via) {
      expect(screen[via] && leadsTo(screen[via], to)).toBe(true);
      return;
    }
    const matching = (screen.choices ?? []).filter((chosen) => (key === undefined || chosen.key === key) && choiceLabel(chosen, t, { phone: '0788123456' }).toLowerCase().includes(words!.toLowerCase()));
    expect(matching.map((chosen) => chosen.to).some((target) => leadsTo(target, to))).toBe(true);
  });

  it('starts at the dial: language on a new phone, sign-up for an unknown number, resume, or home', () => {
    expect([...STEPS.entry.leadsTo]).toEqual(['language', 'signup', 'resume', 'home']);
    // Checkout goes to the saved addresses, or straight to a new address for a first order.
    expect([...STEPS.checkout.leadsTo]).toEqual(expect.arrayContaining(['checkout-address', 'address-district']));
  });
});

describe('npm run flows -- --map', () => {
  const map = menuMap();

  it('prints every screen and every numbered choice with its English words', () => {
    for (const name of SCREENS) {
      expect(map).toContain(MENU[name].title);
      for (const chosen of MENU[name].choices ?? []) expect(map, `${name} ${chosen.key}`).toContain(`─ ${chosen.key} ${choiceLabel(chosen, t, { phone: '07xx...' })}`);
    }
  });

  it('draws home with its six choices under the dial', () => {
    expect(map).toContain('dial ─ first screen: Language | Sign up | Unfinished journey | Home');
    for (const line of ['├─ 1 Search products ─ Search', '├─ 2 Categories ─ Categories', '├─ 3 My cart [guests log in first] ─ My cart', '├─ 4 Track orders [guests log in first] ─ Track orders', '├─ 5 My addresses [guests log in first] ─ My addresses', '├─ 6 Language ─ Language*']) {
      expect(map).toContain(`   ${line}`);
    }
  });
});
