// The Rate Product popover (docs/product.md sections 2 and 4): hovering or focusing a star previews the rating, choosing
// one sends it; signed-in shoppers only.
import { plural, t } from '@lingui/core/macro';
import { productDisplayName } from '../product-fields';
import { useState } from 'react';
import { StarIcon } from '@web/components/ui/icons';
import { toast } from '@web/components/ui/toast';
import { usePopover } from '@web/components/ui/use-popover';
import { toApiError } from '@web/lib/api-client';
import { requireLogin } from '@web/features/auth';
import { rateProduct, type Product } from '../api/catalog-api';

interface RateProductProps {
  product: Product;
  onRated: (product: Product) => void;
}

export function RateProduct({ product, onRated }: RateProductProps) {
  const { open, setOpen, panelId, rootRef, toggleProps } = usePopover();
  const [preview, setPreview] = useState(0);
  const [chosen, setChosen] = useState(0);
  const [sending, setSending] = useState(false);
  async function submit(rating: number) {
    if (!requireLogin(t`Please log in to rate products`)) return;
    if (rating < 1 || rating > 5) return;
    setSending(true);
    try {
      const response = await rateProduct(product._id, rating);
      if (response.product) onRated(response.product);
      setChosen(rating);
      setOpen(false);
      toast.success(t`Thank you for rating ${productName}!`);
    } catch (error) {
      const failure = await toApiError(error, t`Failed to rate product`);
      if (failure.error !== 'unauthorized') toast.error(t`Failed to rate product`);
    } finally {
      setSending(false);
    }
  }

  const lit = preview || chosen;
  const productName = productDisplayName(product);

  return (
    <div className="rate-product" ref={rootRef}>
      <button {...toggleProps} className="btn btn-secondary btn-sm">
        <StarIcon size={16} /> {t`Rate Product`}
      </button>
      {chosen > 0 && (
        <p className="rate-product-result" role="status">
          {t`You rated this product ${chosen} stars`}
        </p>
      )}
      <div id={panelId} className="rate-product-panel" hidden={!open}>
        <p className="rate-product-title" id={`${panelId}-title`}>
          {t`How would you rate this product?`}
        </p>
        <div className="rate-product-stars" role="group" aria-labelledby={`${panelId}-title`} onMouseLeave={() => setPreview(0)}>
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              className={`rate-star${value <= lit ? ' rate-star-lit' : ''}`}
              aria-label={plural(value, { one: 'Rate # star', other: 'Rate # stars' })}
              aria-pressed={chosen === value}
              disabled={sending}
              onMouseEnter={() => setPreview(value)}
              onFocus={() => setPreview(value)}
              onBlur={() => setPreview(0)}
              onClick={() => void submit(value)}
            >
              <StarIcon size={28} filled={value <= lit} />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
