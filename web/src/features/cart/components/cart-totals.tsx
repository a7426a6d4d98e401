// The cart's totals, on the cart page and beside the checkout's steps. The delivery fee is agreed with the
// delivery agent at the door (docs/product.md sections 2, 3) unless the shop charges by a table
// (delivery-fee.ts): then the fee is quoted here and, once the address is known, added to the total.
import { t } from '@lingui/core/macro';
import { formatMoney } from '@web/lib/money';

interface CartTotalsProps {
  totalPrice: number;
  /**
   * What the Delivery row says: the cart page's words are longer than the checkout's (docs/product.md
   * sections 2, 3).
   */
  delivery: string;
  /** The fee the total includes (frw); null or left out while it is agreed at the door. */
  fee?: number | null;
  className: string;
  totalClassName: string;
}

export function CartTotals({ totalPrice, delivery, fee = null, className, totalClassName }: CartTotalsProps) {
  return (
    <dl className={className}>
      <div>
        <dt>{t`Subtotal`}</dt>
        <dd>{formatMoney(totalPrice)}</dd>
      </div>
      <div>
        <dt>{t`Delivery`}</dt>
        <dd>{delivery}</dd>
      </div>
      <div className={totalClassName}>
        <dt>{t`Total`}</dt>
        <dd>{formatMoney(totalPrice + (fee ?? 0))}</dd>
      </div>
    </dl>
  );
}
