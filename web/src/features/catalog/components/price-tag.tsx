// The price rule: the current price is the effective one (the offer when present and lower),
// the list price is struck through beside it, and '/unit' follows.
import { unitName } from '@web/lib/i18n/units';
import { t } from '@lingui/core/macro';
import { effectivePrice, formatMoney } from '@web/lib/money';

interface PriceTagProps {
  price: number;
  offerPrice?: number | null;
  unit: string;
  size?: 'md' | 'lg';
}

export function PriceTag({ price, offerPrice, unit, size = 'md' }: PriceTagProps) {
  const current = effectivePrice(price, offerPrice);
  const discounted = current < price;
  return (
    <p className={`price-tag price-tag-${size}`}>
      <span className="price-current">
        {discounted && <span className="visually-hidden">{t`Now`} </span>}
        <span className="price-amount">{formatMoney(current)}</span>
        <span className="price-unit">/{unitName(unit)}</span>
      </span>
      {discounted && (
        <s className="price-original">
          <span className="visually-hidden">{t`was`} </span>
          <span className="price-amount">{formatMoney(price)}</span>
        </s>
      )}
    </p>
  );
}
