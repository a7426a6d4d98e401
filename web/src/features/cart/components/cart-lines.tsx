// The cart's lines, drawer and cart page alike: those checkout can sell, then apart, under their own
// heading, those it cannot as they are (none left, or fewer than the line holds), which the totals leave out.
import { t } from '@lingui/core/macro';
import { useId } from 'react';
import type { CartItem } from '../cart-item';
import { CartLine } from './cart-line';

interface CartLinesProps {
  items: CartItem[];
  disabled: boolean;
  busy: boolean;
  /** Following a product link closes the drawer. */
  onNavigate?: () => void;
}

export function CartLines({ items, disabled, busy, onNavigate }: CartLinesProps) {
  const apartTitle = useId();
  const sellable = items.filter((item) => item.sellable);
  const apart = items.filter((item) => !item.sellable);
  return (
    <>
      {sellable.length ? (
        <ul className="cart-lines" aria-busy={busy}>
          {sellable.map((item) => (
            <CartLine key={item.id} item={item} disabled={disabled} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
      {apart.length ? (
        <section className="cart-apart" aria-labelledby={apartTitle}>
          <h3 id={apartTitle} className="cart-apart-title">
            {t`Not in your total: cannot be sold as it is`}
          </h3>
          <ul className="cart-lines" aria-busy={busy}>
            {apart.map((item) => (
              <CartLine key={item.id} item={item} disabled={disabled} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
