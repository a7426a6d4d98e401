// A five-star display with the numeric average to one decimal (docs/product.md section 9: rating 1 to 5).
import { t } from '@lingui/core/macro';
import { StarIcon } from './icons';

interface StarsProps {
  value: number;
  /** How many people rated; shown in brackets when given. */
  count?: number;
  size?: number;
  showValue?: boolean;
  className?: string;
}

export function Stars({ value, count, size = 16, showValue = true, className = '' }: StarsProps) {
  const safe = Number.isFinite(value) ? Math.min(5, Math.max(0, value)) : 0;
  // An unrated product says so instead of showing "0.0", which reads as a bad score.
  if (safe === 0 || count === 0) {
    return (
      <span className={`stars stars-none ${className}`.trim()} style={{ minHeight: size }}>
        {t`No ratings yet`}
      </span>
    );
  }
  const shown = safe.toFixed(1);
  return (
    <span className={`stars ${className}`.trim()}>
      {/* One label for the whole row: five separate star images would be noise to a screen reader. */}
      <span className="stars-row" role="img" aria-label={t`Rated ${shown} out of 5`}>
        {[0, 1, 2, 3, 4].map((index) => {
          const fill = Math.min(1, Math.max(0, safe - index));
          return (
            <span key={index} className="star" style={{ width: size, height: size }}>
              <StarIcon size={size} className="star-empty" />
              <span className="star-fill" style={{ width: `${fill * 100}%` }}>
                <StarIcon size={size} filled />
              </span>
            </span>
          );
        })}
      </span>
      {showValue && (
        <span className="stars-value" aria-hidden="true">
          {shown}
          {count !== undefined && <span className="stars-count"> ({count})</span>}
        </span>
      )}
    </span>
  );
}
