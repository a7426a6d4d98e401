// '-20%' on a product image, only when the offer is lower than the price (rounded to a whole percent).
import { t } from '@lingui/core/macro';
import { percentOff } from '@web/lib/money';

export function DiscountBadge({ price, offerPrice, className = '' }: { price: number; offerPrice?: number | null; className?: string }) {
  const percent = percentOff(price, offerPrice);
  if (percent <= 0) return null;
  return <span className={`discount-badge ${className}`.trim()}>{t`${percent}% OFF`}</span>;
}
