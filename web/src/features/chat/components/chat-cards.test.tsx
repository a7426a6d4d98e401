// Chat that sells: product and cart cards, the placed order's link, one cart across faces (a chat
// turn that changed the cart refreshes the cart store), and carrying on after signing in.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { markChatLoginPending } from '@web/lib/chat-resume';
import { useCartStore } from '@web/features/cart';
import { resetChatStore } from '../chat-store';
import { ChatConversation } from './chat-conversation';

const ENGLISH = { choose: 'Choose', outOfStock: 'Out of stock', now: 'Now', was: 'was' };
const tomatoes = { type: 'product', key: '1', id: 'p1', name: 'Tomatoes', price: 1000, offerPrice: 800, unit: 'kg', image: '/images/products/p1.svg', description: 'Red and ripe', inStock: true, words: ENGLISH };
const beans = { type: 'product', key: '2', id: 'p2', name: 'Beans', price: 900, unit: 'kg', image: '/images/products/p2.svg', description: 'Dry', inStock: false, words: ENGLISH };

const cartLine = { productId: { _id: 'p1', productname: 'Tomatoes', price: 1000, offerPrice: 800, productImage: '/images/products/p1.svg', productUnit: 'kg', description: 'Red', inStock: true, productCategory: { _id: 'c1', name: 'Vegetables' } }, quantity: 2, price: 800, subtotal: 1600 };

/** Answers POST /api/chat with the next reply and GET /api/cart with the server's cart; records what was asked. */
function mockShop(replies: object[], cart: object = { products: [], totalItems: 0, totalPrice: 0 }) {
  const chatBodies: unknown[] = [];
  let cartReads = 0;
  mockFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/cart') {
      cartReads += 1;
      return json({ success: true, cart });
    }
    chatBodies.push(await request.json());
    return json(replies.shift() ?? { sessionId: 's1', messages: [], options: [], end: false });
  });
  return { chatBodies, cartReads: () => cartReads };
}

function renderConversation() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <ChatConversation />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetChatStore();
  useCartStore.getState().reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('chat cards', () => {
  it('shows each product as a card: lazy picture, name, offer with the price struck through, unit, stock, its own button', async () => {
    const { chatBodies } = mockShop([
      {
        sessionId: 's1',
        messages: [{ text: 'Results for "to":' }, { text: 'Tomatoes frw 800.00/kg', card: tomatoes }, { text: 'Beans frw 900.00/kg', card: beans }],
        options: [{ key: '0', label: 'Back' }],
        end: false,
      },
      { sessionId: 's1', messages: [{ text: 'Tomatoes' }], options: [], end: false },
    ]);
    renderConversation();
    const card = await screen.findByRole('article', { name: 'Tomatoes' });
    expect(within(card).getByRole('link', { name: 'Tomatoes' })).toHaveAttribute('href', '/product/p1');
    expect(card.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/products/p1.svg');
    expect(within(card).getByText('frw 800.00/kg', { exact: false })).toBeInTheDocument();
    expect(card.querySelector('s')).toHaveTextContent('frw 1,000.00');
    expect(within(card).queryByText('Out of stock')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Beans' })).getByText('Out of stock')).toBeInTheDocument();
    // The card's button sends the product's key and echoes its name; Back stays a quick reply.
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Choose/ }));
    await waitFor(() => expect(chatBodies).toEqual([{ text: '' }, { sessionId: 's1', text: '1' }]));
  }, 20_000);

  /** A cart reply as POST /api/chat sends it in a language: the count and total in its words. */
  const cartReply = (summary: string) => ({
    sessionId: 's1',
    messages: [{ text: 'My cart' }, { text: summary, card: { type: 'cart', items: 2, total: 1600, summary, title: 'Your cart', lines: [{ name: 'Tomatoes', quantity: '2 kg', total: 1600, image: '/images/products/p1.svg' }] } }],
    options: [],
    end: false,
  });

  it('says what is left on a product running low', async () => {
    const eggs = { ...tomatoes, key: '3', id: 'p3', name: 'Eggs', left: 'Only 2 trays left' };
    mockShop([
      { sessionId: 's1', messages: [{ text: 'Eggs', card: eggs }], options: [], end: false },
    ]);
    renderConversation();
    const card = await screen.findByRole('article', { name: 'Eggs' });
    expect(within(card).getByText('Only 2 trays left')).toBeInTheDocument();
    expect(within(card).queryByText('Out of stock')).toBeNull();
  });

  it('shows a cart line stock cannot sell with why, its sum struck out of the total', async () => {
    const summary = '2 items: frw 1,600.00';
    mockShop([
      {
        sessionId: 's1',
        messages: [
          { text: summary, card: { type: 'cart', items: 2, total: 1600, summary, title: 'Your cart', lines: [{ name: 'Tomatoes', quantity: '2 kg', total: 1600, image: '/images/products/p1.svg' }, { name: 'Eggs', quantity: '3 trays', total: 12600, image: '/images/products/p3.svg', note: 'Only 1 tray left' }] } },
        ],
        options: [],
        end: false,
      },
    ]);
    renderConversation();
    const card = await screen.findByRole('article', { name: 'Your cart' });
    expect(within(card).getByText('Only 1 tray left')).toBeInTheDocument();
    expect(within(card).getByText('frw 12,600.00')).toHaveClass('chat-cart-card__total--excluded');
    expect(within(card).getByText('frw 1,600.00')).not.toHaveClass('chat-cart-card__total--excluded');
  });

  it('shows the cart as a summary card', async () => {
    mockShop([cartReply('2 items: frw 1,600.00')]);
    renderConversation();
    const card = await screen.findByRole('article', { name: 'Your cart' });
    expect(card).toHaveTextContent('Tomatoes');
    expect(card).toHaveTextContent('2 kg');
    expect(card).toHaveTextContent('2 items: frw 1,600.00');
  });

  it.each([
    ['Kinyarwanda', 'Ibintu 2: frw 1,600.00'],
    ['French', '2 articles: frw 1,600.00'],
  ])('counts the cart in the conversation’s words (%s), never in English', async (_language, summary) => {
    mockShop([cartReply(summary)]);
    renderConversation();
    const card = await screen.findByRole('article', { name: 'Your cart' });
    expect(within(card).getByText(summary)).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/items?\b/);
  });

  it('shows the words around a card in the conversation’s language', async () => {
    const kinyarwanda = { choose: 'Hitamo', outOfStock: 'Cyashize', now: 'Ubu', was: 'mbere' };
    mockShop([
      {
        sessionId: 's1',
        messages: [{ text: 'Ibisubizo' }, { text: 'Ibishyimbo', card: { ...beans, words: kinyarwanda } }, { text: 'Inyanya', card: { ...tomatoes, words: kinyarwanda } }],
        options: [],
        end: false,
      },
    ]);
    renderConversation();
    const card = await screen.findByRole('article', { name: 'Tomatoes' });
    expect(within(card).getByRole('button', { name: /^Hitamo/ })).toBeInTheDocument();
    expect(card).toHaveTextContent('Ubu');
    expect(within(screen.getByRole('article', { name: 'Beans' })).getByText('Cyashize')).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).toBeNull();
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
  });

  it('links a placed order to its confirmation page and to tracking', async () => {
    mockShop([{ sessionId: 's1', messages: [{ text: 'Order AB12CD34 placed.' }], options: [], end: true, cartChanged: true, order: { id: 'o-1234AB12CD34', number: 'AB12CD34', words: { see: 'See order AB12CD34', or: 'or', track: 'track your orders' } } }]);
    renderConversation();
    expect(await screen.findByRole('link', { name: 'See order AB12CD34' })).toHaveAttribute('href', '/order-confirmation?orderId=o-1234AB12CD34');
    expect(screen.getByRole('link', { name: 'track your orders' })).toHaveAttribute('href', '/track-orders');
  });
});

describe('one cart across faces', () => {
  it('refreshes the cart store when a chat turn changed the cart, and only then', async () => {
    localStorage.setItem('token', 't1');
    const shop = mockShop(
      [
        { sessionId: 's1', messages: [{ text: 'Welcome to Isoko!' }], options: [{ key: '1', label: 'Search products' }], end: false },
        { sessionId: 's1', messages: [{ text: 'Added 2 kg Tomatoes to your cart!' }], options: [], end: false, cartChanged: true },
      ],
      { products: [cartLine], totalItems: 2, totalPrice: 1600 },
    );
    renderConversation();
    await screen.findByText('Welcome to Isoko!');
    expect(shop.cartReads()).toBe(0);
    await userEvent.type(screen.getByRole('textbox'), '2{Enter}');
    await waitFor(() => expect(useCartStore.getState().totalItems).toBe(2));
    expect(shop.cartReads()).toBe(1);
  });
});

describe('signing in from the chat', () => {
  it('carries on once signed in: the chat asks the server to continue, without a line from the shopper', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify({ _id: 'u1', fullName: 'Aline Uwase' }));
    markChatLoginPending();
    const { chatBodies } = mockShop([{ sessionId: 's1', messages: [{ text: 'Tomatoes\nQuantity in kg (1-999):' }], options: [{ key: '0', label: 'Back' }], end: false }]);
    renderConversation();
    expect(await screen.findByText(/Quantity in kg/)).toBeInTheDocument();
    expect(chatBodies).toEqual([{ text: '' }]);
    expect(sessionStorage.getItem('isoko-chat-login-pending')).toBeNull();
  });
});
