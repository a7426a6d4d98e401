// One line of the cart (drawer and cart page): picture, name, description, prices, quantity and Remove,
// and what stock says of it (what is left, or why checkout cannot sell it: then it is not in the total).
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { unitName } from '@web/lib/i18n/units';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { Image } from '@web/components/ui/image';
import { MinusIcon, PlusIcon, TrashIcon } from '@web/components/ui/icons';
import { formatMoney } from '@web/lib/money';
import { SubstitutionChoice } from './substitution-choice';
import type { CartItem } from '../cart-item';
import { useCartStore } from '../store';
import { stockNoteOf } from '../stock-note';

interface CartLineProps {
  item: CartItem;
  disabled: boolean;
  /** Following the product link closes the drawer. */
  onNavigate?: () => void;
}

/** What stock says of the line, when it says anything: why checkout cannot sell it, or that few are left. */
function StockNote({ item }: { item: CartItem }) {
  const note = stockNoteOf(item) ?? '';
  if (item.stockReason === 'out_of_stock') return <p className="stock-flag">{t`Out of stock: remove it to check out`}</p>;
  if (item.stockReason === 'not_enough') return <p className="stock-flag">{t`${note}: lower the quantity to check out`}</p>;
  if (note) return <p className="stock-low">{note}</p>;
  return null;
}

/** A quantity as the stepper shows it: "1.5", "2" (no float noise). */
const shown = (quantity: number) => String(Math.round(quantity * 1000) / 1000);

export function CartLine({ item, disabled, onNavigate }: CartLineProps) {
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const discounted = item.price < item.originalPrice;
  const name = localNameIn(item, currentLanguage()) ?? item.name;
  // No more than stock shows is left: the server would refuse it anyway.
  const atMost = item.maxQuantity !== undefined && item.quantity + item.step > item.maxQuantity + 1e-9;
  const atLeast = item.quantity - item.step < item.min - 1e-9;

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
          <p className={item.sellable ? 'cart-line-total' : 'cart-line-total cart-line-total-excluded'}>
            {item.estimated ? t`about ${formatMoney(item.subtotal)}` : formatMoney(item.subtotal)}
            {item.sellable ? null : <span className="cart-line-excluded">{t`not in the total`}</span>}
          </p>
        </div>
        <StockNote item={item} />
        {item.estimated && <p className="cart-line-about">{t`Weighed items are priced about: you pay for what is packed.`}</p>}
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
              disabled={disabled || atLeast}
              onClick={() => void updateQuantity(item.id, item.quantity - item.step)}
            >
              <MinusIcon size={16} />
            </button>
            <span className="quantity-value" aria-live="polite">
              {shown(item.quantity)}
              {item.step !== 1 || item.min !== 1 ? ` ${item.unit}` : ''}
            </span>
            <button
              type="button"
              className="quantity-button"
              aria-label={t`Increase quantity of ${name}`}
              disabled={disabled || atMost}
              onClick={() => void updateQuantity(item.id, item.quantity + item.step)}
            >
              <PlusIcon size={16} />
            </button>
          </div>
          <SubstitutionChoice item={item} disabled={disabled} />
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
