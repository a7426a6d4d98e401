// One line of the cart (drawer and cart page): picture, name, description, prices, quantity and Remove.
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { unitName } from '@web/lib/i18n/units';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { Image } from '@web/components/ui/image';
import { MinusIcon, PlusIcon, TrashIcon } from '@web/components/ui/icons';
import { formatMoney } from '@web/lib/money';
import type { CartItem } from '../cart-item';
import { useCartStore } from '../store';

interface CartLineProps {
  item: CartItem;
  disabled: boolean;
  /** Following the product link closes the drawer. */
  onNavigate?: () => void;
  /** Staff marked the product out of stock since it was added. */
  outOfStock?: boolean;
}

export function CartLine({ item, disabled, onNavigate, outOfStock = false }: CartLineProps) {
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const discounted = item.price < item.originalPrice;
  const name = localNameIn(item, currentLanguage()) ?? item.name;

  return (
    <li className="cart-line">
      <Image src={item.image} alt="" width={72} height={72} className="cart-line-image" />
      <div className="cart-line-main">
        <div className="cart-line-top">
          <h3 className="cart-line-name">
            <Link to={paths.product(item.id)} onClick={onNavigate}>
              {name}
            </Link>
          </h3>
          <p className="cart-line-total">{formatMoney(item.subtotal)}</p>
        </div>
        {outOfStock ? (
          <p className="stock-flag" role="status">
            {t`Out of stock: remove it to check out`}
          </p>
        ) : null}
        <p className="cart-line-description">{item.description}</p>
        <p className="cart-line-unit-price">
          {formatMoney(item.price)}/{unitName(item.unit)}
          {discounted && (
            <s className="price-original">
              <span className="visually-hidden">{t`was`} </span>
              {formatMoney(item.originalPrice)}
            </s>
          )}
          {item.discount > 0 && <span className="discount-badge cart-line-discount">{t`${item.discount}% OFF`}</span>}
        </p>
        <div className="cart-line-controls">
          <div className="quantity" role="group" aria-label={t`Quantity of ${name}`}>
            <button
              type="button"
              className="quantity-button"
              aria-label={t`Decrease quantity of ${name}`}
              disabled={disabled || item.quantity <= 1}
              onClick={() => void updateQuantity(item.id, item.quantity - 1)}
            >
              <MinusIcon size={16} />
            </button>
            <span className="quantity-value" aria-live="polite">
              {item.quantity}
            </span>
            <button
              type="button"
              className="quantity-button"
              aria-label={t`Increase quantity of ${name}`}
              disabled={disabled}
              onClick={() => void updateQuantity(item.id, item.quantity + 1)}
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm cart-line-remove"
            aria-label={t`Remove ${name} from cart`}
            disabled={disabled}
            onClick={() => void removeItem(item.id)}
          >
            <TrashIcon size={16} /> {t`Remove`}
          </button>
        </div>
      </div>
    </li>
  );
}
