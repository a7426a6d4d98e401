// The cart's totals, on the cart page and beside the checkout's steps: the delivery fee is agreed with the
// delivery agent at the door (docs/product.md sections 2, 3), so nothing is added for it and the total is the
// subtotal.
import { t } from '@lingui/core/macro';
import { formatMoney } from '@web/lib/money';

interface CartTotalsProps {
  totalPrice: number;
  /**
   * What the Delivery row says: the cart page's words are longer than the checkout's (docs/product.md
   * sections 2, 3).
   */
  delivery: string;
  className: string;
  totalClassName: string;
}

export function CartTotals({ totalPrice, delivery, className, totalClassName }: CartTotalsProps) {
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
        <dd>{formatMoney(totalPrice)}</dd>
      </div>
    </dl>
  );
}
