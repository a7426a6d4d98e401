// The order summary beside the steps: each line, subtotal, delivery ('Negotiable', or the fee the table
// charges to the chosen address) and the total (which leaves out a line stock cannot sell as it is, flagged here).
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { CartTotals, quoteDeliveryFee, stockNoteOf, SubstitutionChoice, useDeliveryFees, type CartItem } from '@web/features/cart';
import { Image } from '@web/components/ui/image';
import { formatMoney } from '@web/lib/money';

interface OrderSummaryProps {
  items: CartItem[];
  totalPrice: number;
  /** The chosen address's place, which the fee table prices. */
  place?: { district: string };
}

/** Why stock cannot sell a line as it is, as the summary flags it. */
function stockFlag(item: CartItem): string {
  const note = stockNoteOf(item) ?? '';
  return item.stockReason === 'not_enough' ? t`${note}: not in the total` : t`Out of stock: not in the total`;
}

export function OrderSummary({ items, totalPrice, place }: OrderSummaryProps) {
  const fee = quoteDeliveryFee(useDeliveryFees(), totalPrice, place, t`Negotiable`);
  // The lines stock can sell first; those it cannot, flagged, after them (the total leaves them out).
  const ordered = [...items.filter((item) => item.sellable), ...items.filter((item) => !item.sellable)];
  return (
    <aside className="card checkout-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="checkout-step-title">
        {t`Order Summary`}
      </h2>
      <ul className="summary-lines">
        {ordered.map((item) => (
          <li key={item.id} className="summary-line">
            <Image src={item.image} alt="" width={48} height={48} className="summary-image" />
            <div className="summary-line-text">
              <span className="summary-name">{localNameIn(item, currentLanguage()) ?? item.name}</span>
              <span className="summary-qty">
                {t`Qty: ${item.quantity} × ${formatMoney(item.price)}`}
              </span>
              {item.sellable ? null : <span className="stock-flag">{stockFlag(item)}</span>}
              {item.sellable ? <SubstitutionChoice item={item} /> : null}
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
      <CartTotals totalPrice={totalPrice} delivery={fee.words} fee={fee.fee} className="summary-totals" totalClassName="summary-total" />
    </aside>
  );
}
