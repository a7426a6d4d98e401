// The cart store against a mocked network (global fetch), as the browser would run it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { toast } from '@web/components/ui/toast';
import { setLoginNavigator } from '@web/features/auth';
import { useCartStore } from './store';
import { stockNoteOf } from './stock-note';

const category = { _id: 'vegetables', name: 'Vegetables' };
function product(id: string, price: number, offerPrice: number | null = null) {
  return {
    _id: id,
    productname: id[0].toUpperCase() + id.slice(1),
    price,
    offerPrice,
    productImage: `/images/products/${id}.svg`,
    productUnit: 'kg',
    description: `${id} from the market`,
    averageRating: 4,
    ratingCount: 2,
    inStock: true,
    productCategory: category,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A cart line as the server prices it (cart.service): unit price after the offer, and its subtotal. */
function line(item: ReturnType<typeof product>, quantity: number) {
  const price = item.offerPrice ?? item.price;
  return { productId: item, quantity, price, subtotal: price * quantity };
}

/** A whole cart reply; the totals are the server's, passed as it would send them. */
function cart(lines: ReturnType<typeof line>[], totals = { totalItems: lines.reduce((sum, l) => sum + l.quantity, 0), totalPrice: lines.reduce((sum, l) => sum + l.subtotal, 0) }) {
  return { products: lines, ...totals };
}

const messages = () => toast.current().map((item) => item.message);
const navigateTo = vi.fn();

beforeEach(() => {
  toast.clear();
  useCartStore.getState().reset();
  navigateTo.mockReset();
  setLoginNavigator(navigateTo);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('useCartStore', () => {
  it('sends a guest who adds to cart to sign in, and back to the page afterwards', async () => {
    const fetchMock = mockFetch(() => json({}));
    window.history.replaceState(null, '', '/products?search=tom');
    const added = await useCartStore.getState().addItem(product('tomatoes', 800));
    expect(added).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(messages()).toContain('Please log in to add items to your cart.');
    expect(navigateTo).toHaveBeenCalledWith('/login?redirect=%2Fproducts%3Fsearch%3Dtom');
  });

  it('refuses products without an id or a name', async () => {
    window.localStorage.setItem('token', 't');
    mockFetch(() => json({}));
    expect(await useCartStore.getState().addItem({ _id: '', productname: 'X' })).toBe(false);
    expect(await useCartStore.getState().addItem({ _id: 'x', productname: '' })).toBe(false);
    expect(messages()).toEqual(['Invalid product data', 'Product information is incomplete.']);
  });

  it("loads the cart with the server's prices, the discount and the totals, skipping lines without a product", async () => {
    window.localStorage.setItem('token', 't');
    mockFetch((request) => {
      expect(request.headers.get('Authorization')).toBe('Bearer t');
      const lines = [line(product('tomatoes', 800), 2), line(product('eggs', 4500, 4200), 1)];
      return json({ success: true, cart: { ...cart(lines), products: [...lines, { productId: null, quantity: 3 }] } });
    });
    await useCartStore.getState().fetchCart();
    const state = useCartStore.getState();
    expect(state.items.map((item) => [item.id, item.price, item.subtotal, item.originalPrice, item.discount, item.quantity])).toEqual([
      ['tomatoes', 800, 1600, 800, 0, 2],
      ['eggs', 4200, 4200, 4500, 7, 1],
    ]);
    expect(state.totalItems).toBe(3);
    expect(state.totalPrice).toBe(5800);
    expect(state.isLoading).toBe(false);
  });

  it("shows the server's totals and line prices, never a sum of its own", async () => {
    window.localStorage.setItem('token', 't');
    // Totals that no client-side sum of these lines would give: if the web summed, this would fail.
    const priced = { productId: product('tomatoes', 800), quantity: 2, price: 750, subtotal: 1500 };
    mockFetch(() => json({ success: true, cart: { products: [priced], totalItems: 2, totalPrice: 1500 } }));
    await useCartStore.getState().fetchCart();
    const state = useCartStore.getState();
    expect([state.items[0].price, state.items[0].subtotal, state.totalItems, state.totalPrice]).toEqual([750, 1500, 2, 1500]);
  });

  it('empties the local cart when the reply has no success or no cart', async () => {
    window.localStorage.setItem('token', 't');
    useCartStore.setState({ items: [{ id: 'a' } as never], totalItems: 1, totalPrice: 5 });
    mockFetch(() => json({ success: false }));
    await useCartStore.getState().fetchCart();
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartStore.getState().totalItems).toBe(0);
  });

  it('adds one item, marks the cart refreshing meanwhile, and takes the whole cart back', async () => {
    window.localStorage.setItem('token', 't');
    let seenRefreshing = false;
    const fetchMock = mockFetch(async (request) => {
      seenRefreshing = useCartStore.getState().isRefreshing;
      expect(request.method).toBe('POST');
      expect(new URL(request.url).pathname).toBe('/api/cart/add');
      expect(await request.json()).toEqual({ productId: 'tomatoes', quantity: 1 });
      return json({ success: true, message: 'ok', cart: cart([line(product('tomatoes', 800), 1)]) });
    });
    const added = await useCartStore.getState().addItem(product('tomatoes', 800));
    expect(added).toBe(true);
    expect(seenRefreshing).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useCartStore.getState().isRefreshing).toBe(false);
    expect(useCartStore.getState().totalItems).toBe(1);
    expect(messages()).toContain('Added Tomatoes to your cart!');
  });

  it('reloads the cart when a change reply carries no cart', async () => {
    window.localStorage.setItem('token', 't');
    const fetchMock = mockFetch((request) =>
      request.method === 'PUT'
        ? json({ success: true })
        : json({ success: true, cart: cart([line(product('tomatoes', 800), 4)]) }),
    );
    await useCartStore.getState().updateQuantity('tomatoes', 4);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useCartStore.getState().totalItems).toBe(4);
    expect(messages()).toContain('Quantity updated');
  });

  it('never sends a quantity below 1', async () => {
    window.localStorage.setItem('token', 't');
    const fetchMock = mockFetch(() => json({}));
    await useCartStore.getState().updateQuantity('tomatoes', 0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a guest to log in before changing or removing lines', async () => {
    mockFetch(() => json({}));
    await useCartStore.getState().updateQuantity('tomatoes', 2);
    await useCartStore.getState().removeItem('tomatoes');
    expect(messages()).toEqual(['Please log in to update your cart.', 'Please log in to remove items from your cart.']);
    expect(navigateTo).toHaveBeenCalledTimes(2);
  });

  it('treats a 404 on remove as already removed and reloads', async () => {
    window.localStorage.setItem('token', 't');
    const fetchMock = mockFetch((request) =>
      request.method === 'DELETE' ? json({ success: false, message: 'Not in cart' }, 404) : json({ success: true, cart: cart([]) }),
    );
    await useCartStore.getState().removeItem('tomatoes');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(messages()).toContain('Product already removed from cart');
  });

  it('says what stock has left when a change asks for more, in the server\'s words', async () => {
    window.localStorage.setItem('token', 't');
    const refusal = { success: false, message: 'Only 3 trays of Eggs left', error: 'not_enough_stock', errors: [{ msg: 'Only 3 trays of Eggs left', param: 'quantity' }] };
    mockFetch(() => json(refusal, 400));
    await useCartStore.getState().updateQuantity('eggs', 4);
    expect(messages()).toEqual(['Only 3 trays of Eggs left']);
    toast.clear();
    expect(await useCartStore.getState().addItem(product('eggs', 4500))).toBe(false);
    expect(messages()).toEqual(['Only 3 trays of Eggs left']);
  });

  it('keeps what the server says of each line\'s stock: sellable or not, why, and what is left', async () => {
    window.localStorage.setItem('token', 't');
    const eggs = { ...product('eggs', 4500), productUnit: 'tray', stock: { low: true, available: 2 } };
    const beans = { ...product('beans', 900), inStock: false };
    const lines = [
      { ...line(product('tomatoes', 800), 2), sellable: true },
      { ...line(eggs, 3), sellable: false, reason: 'not_enough', message: 'Only 2 left', available: 2 },
      { ...line(beans, 1), sellable: false, reason: 'out_of_stock', message: 'Out of stock' },
    ];
    mockFetch(() => json({ success: true, cart: cart(lines as never, { totalItems: 6, totalPrice: 1600 }) }));
    await useCartStore.getState().fetchCart();
    const { items, totalPrice } = useCartStore.getState();
    expect(totalPrice).toBe(1600);
    expect(items.map((item) => [item.id, item.sellable, item.stockReason, stockNoteOf(item), item.maxQuantity])).toEqual([
      ['tomatoes', true, undefined, undefined, undefined],
      ['eggs', false, 'not_enough', 'Only 2 left', 2],
      ['beans', false, 'out_of_stock', undefined, undefined],
    ]);
  });

  it('reports failures with the messages of section 8', async () => {
    window.localStorage.setItem('token', 't');
    mockFetch(() => json({ success: false, message: 'Something went wrong' }, 500));
    await useCartStore.getState().fetchCart();
    await useCartStore.getState().updateQuantity('tomatoes', 2);
    await useCartStore.getState().removeItem('tomatoes');
    await useCartStore.getState().clearCart();
    expect(messages()).toEqual(
      expect.arrayContaining(['Failed to fetch cart', 'Failed to update quantity', 'Failed to remove item from cart', 'Failed to clear cart']),
    );
  });

  it('says what the screen asked for when an add fails without a reason from the server', async () => {
    window.localStorage.setItem('token', 't');
    mockFetch(() => json({}, 500));
    expect(await useCartStore.getState().addItem(product('tomatoes', 800), 'Failed to add item to cart. Please try again.')).toBe(false);
    expect(await useCartStore.getState().addItem(product('tomatoes', 800), 'Failed to add to cart')).toBe(false);
    expect(messages()).toEqual(expect.arrayContaining(['Failed to add item to cart. Please try again.', 'Failed to add to cart']));
  });

  it('keeps an add that found no network: in the cart at once, waiting in the outbox, sent when the network returns', async () => {
    window.localStorage.setItem('token', 't');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await useCartStore.getState().addItem(product('tomatoes', 800))).toBe(true);
    expect(useCartStore.getState().items.map((item) => [item.id, item.quantity])).toEqual([['tomatoes', 1]]);
    expect(useCartStore.getState().totalPrice).toBe(800);
    expect(JSON.parse(window.localStorage.getItem('isoko-outbox') ?? '[]')).toEqual([
      expect.objectContaining({ kind: 'cart', method: 'post', url: 'cart/add', json: { productId: 'tomatoes', quantity: 1 } }),
    ]);
    expect(JSON.parse(window.localStorage.getItem('isoko-cart') ?? 'null')).toMatchObject({ totalItems: 1 });
    // The network is back: the add goes once, then the server's cart replaces the one kept here.
    const sent: string[] = [];
    mockFetch((request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return json({ success: true, cart: cart([line(product('tomatoes', 800), 1)]) });
    });
    const { flushOutbox } = await import('@web/lib/outbox');
    await flushOutbox();
    await vi.waitFor(() => expect(sent).toEqual(['POST /api/cart/add', 'GET /api/cart']));
    expect(window.localStorage.getItem('isoko-outbox')).toBeNull();
  });

  it('clears the cart', async () => {
    window.localStorage.setItem('token', 't');
    useCartStore.setState({ items: [{ id: 'a', price: 5, quantity: 1 } as never], totalItems: 1, totalPrice: 5 });
    mockFetch(() => json({ success: true, cart: cart([]) }));
    await useCartStore.getState().clearCart();
    expect(useCartStore.getState().items).toEqual([]);
    expect(messages()).toContain('Cart cleared successfully');
  });

  it('shares one request between callers asking for the cart at the same time', async () => {
    window.localStorage.setItem('token', 't');
    const fetchMock = mockFetch(() => json({ success: true, cart: cart([]) }));
    await Promise.all([useCartStore.getState().fetchCart(), useCartStore.getState().fetchCart()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
