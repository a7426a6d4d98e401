// What a chat message can carry besides words: a product (picture, name, price with the offer,
// unit, stock: out, or what is left while it runs low) with the button that picks it, the cart in brief
// (a line stock cannot sell says why and is not in its sum), and the link to a placed order; the
// words around them come with each card in the conversation's language.
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { effectivePrice, formatMoney } from '@web/lib/money';
import type { ChatCard, ChatOrder } from '../chat-store';

type ProductCard = Extract<ChatCard, { type: 'product' }>;
type CartCard = Extract<ChatCard, { type: 'cart' }>;

interface CardActions {
  busy: boolean;
  /** Sends a product card's choice (its key), echoing the product's name. */
  onPick: (key: string, label: string) => void;
  /** A link takes the shopper to a page (the floating widget closes). */
  onLeave?: () => void;
}

function ChatProductCard({ card, busy, onPick, onLeave }: { card: ProductCard } & CardActions) {
  const current = effectivePrice(card.price, card.offerPrice);
  const discounted = current < card.price;
  return (
    <article className="chat-card chat-product-card" aria-label={card.name}>
      <img className="chat-card__image" src={card.image} alt="" loading="lazy" decoding="async" width={72} height={72} />
      <div className="chat-card__body">
        <Link className="chat-card__title" to={paths.product(card.id)} onClick={onLeave}>
          {card.name}
        </Link>
        <p className="chat-card__price">
          <span className="chat-card__current">
            {discounted && <span className="visually-hidden">{card.words.now} </span>}
            {formatMoney(current)}/{card.unit}
          </span>
          {discounted && (
            <s className="chat-card__original">
              <span className="visually-hidden">{card.words.was} </span>
              {formatMoney(card.price)}
            </s>
          )}
        </p>
        {!card.inStock && <p className="chat-card__stock">{card.words.outOfStock}</p>}
        {card.inStock && card.left ? <p className="chat-card__stock chat-card__stock--low">{card.left}</p> : null}
        {card.key !== undefined && (
          <button type="button" className="chat-quick-reply chat-card__pick" disabled={busy} onClick={() => onPick(card.key!, card.name)}>
            {card.words.choose}<span className="visually-hidden"> {card.name}</span>
          </button>
        )}
      </div>
    </article>
  );
}

function ChatCartCard({ card }: { card: CartCard }) {
  return (
    <article className="chat-card chat-cart-card" aria-label={card.title}>
      <ul className="chat-cart-card__lines">
        {card.lines.map((line, index) => (
          <li key={`${line.name}-${index}`} className="chat-cart-card__line">
            <img className="chat-cart-card__image" src={line.image} alt="" loading="lazy" decoding="async" width={40} height={40} />
            <span className="chat-cart-card__name">
              {line.name}
              {line.note ? <span className="chat-card__stock chat-cart-card__note">{line.note}</span> : null}
            </span>
            <span className="chat-cart-card__quantity">{line.quantity}</span>
            <span className={line.note ? 'chat-cart-card__total chat-cart-card__total--excluded' : 'chat-cart-card__total'}>{formatMoney(line.total)}</span>
          </li>
        ))}
      </ul>
      <p className="chat-cart-card__sum">
        <strong>{card.summary}</strong>
      </p>
    </article>
  );
}

export function ChatCardView({ card, ...actions }: { card: ChatCard } & CardActions) {
  return card.type === 'product' ? <ChatProductCard card={card} {...actions} /> : <ChatCartCard card={card} />;
}

export function ChatOrderLink({ order, onLeave }: { order: ChatOrder; onLeave?: () => void }) {
  return (
    <p className="chat-order-link">
      <Link to={paths.orderConfirmationFor(order.id)} onClick={onLeave}>
        {order.words.see}
      </Link>{' '}
      {order.words.or}{' '}
      <Link to={paths.trackOrders} onClick={onLeave}>
        {order.words.track}
      </Link>
    </p>
  );
}
