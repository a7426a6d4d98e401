// The products of an order: image (placeholder when missing), name, quantity with unit, and line total.
import { t } from '@lingui/core/macro';
import { currentLanguage } from '@web/lib/i18n/i18n';
import type { OrderLine } from '@server/modules/orders/orders.schema';
import { Image } from '@web/components/ui/image';
import { formatMoney } from '@web/lib/money';
import { quantityWithUnit } from '@server/lib/units';
import { lineImage, lineName, lineTotal } from '../format';

interface OrderLinesProps {
  lines: OrderLine[];
  /** Track orders also shows the unit price of each line. */
  showUnitPrice?: boolean;
}

export function OrderLines({ lines, showUnitPrice = false }: OrderLinesProps) {
  return (
    <ul className="order-lines">
      {lines.map((line, index) => (
        <li key={`${line.productId}-${index}`} className="order-line">
          <Image src={lineImage(line)} alt="" width={56} height={56} className="order-line-image" />
          <div className="order-line-text">
            <span className="order-line-name">{lineName(line)}</span>
            <span className="order-line-meta">
              {t`Qty: ${quantityWithUnit(line.productQuantity, line.unit || 'pcs', currentLanguage())}`}
              {showUnitPrice ? ` × ${formatMoney(line.price)}` : null}
            </span>
          </div>
          <span className="order-line-total">{formatMoney(lineTotal(line))}</span>
        </li>
      ))}
    </ul>
  );
}
