// The order summary beside the steps: each line, subtotal, delivery 'Negotiable' and the total.
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { CartTotals } from '@web/features/cart';
import type { CartItem } from '@web/features/cart/store';
import { Image } from '@web/components/ui/image';
import { formatMoney } from '@web/lib/money';

interface OrderSummaryProps {
  items: CartItem[];
  totalPrice: number;
  /** Lines staff marked out of stock since they were added. */
  outOfStock?: ReadonlySet<string>;
}

export function OrderSummary({ items, totalPrice, outOfStock }: OrderSummaryProps) {
  return (
    <aside className="card checkout-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="checkout-step-title">
        {t`Order Summary`}
      </h2>
      <ul className="summary-lines">
        {items.map((item) => (
          <li key={item.id} className="summary-line">
            <Image src={item.image} alt="" width={48} height={48} className="summary-image" />
            <div className="summary-line-text">
              <span className="summary-name">{localNameIn(item, currentLanguage()) ?? item.name}</span>
              <span className="summary-qty">
                {t`Qty: ${item.quantity} × ${formatMoney(item.price)}`}
              </span>
              {outOfStock?.has(item.id) ? <span className="stock-flag">{t`Out of stock`}</span> : null}
            </div>
            <div className="summary-price">
              <span>{formatMoney(item.subtotal)}</span>
              {item.discount > 0 ? (
                <s className="summary-original">
                  <span className="visually-hidden">{t`was`} </span>
                  {formatMoney(item.originalPrice * item.quantity)}
                </s>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <CartTotals totalPrice={totalPrice} delivery={t`Negotiable`} className="summary-totals" totalClassName="summary-total" />
    </aside>
  );
}
