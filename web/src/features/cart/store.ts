// The shopper's cart (docs/product.md sections 3, 4, 5, 8). The server owns the cart; this store mirrors the
// last whole cart it returned, so every screen (header badge, drawer, cart page, checkout) agrees.
import { t } from '@lingui/core/macro';
import { localNameIn } from '@server/lib/local-name';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { create } from 'zustand';
import type { Product } from '@server/modules/catalog/catalog.schema';
import { ApiError, toApiError } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';
import { requireLogin } from '@web/features/auth';
import { toast } from '@web/components/ui/toast';
import { isOnline } from '@web/lib/connection';
import { enqueue, onOutboxResult, waiting, type OutboxEntry } from '@web/lib/outbox';
import type { Substitution } from '@server/modules/cart/cart.schema';
import { deleteCart, deleteCartLine, getCart, postAddToCart, putCartQuantity, putCartSubstitution, type CartResponse } from './api/cart-api';
import { toCartItem, type CartItem } from './cart-item';
import { addedLocally, keepCart, keptCart, quantitySetLocally, removedLocally, type CartLines } from './offline-cart';

export type { CartItem } from './cart-item';

export interface CartState {
  items: CartItem[];
  totalItems: number;
  totalPrice: number;
  /** The first load of the cart (drawer shows 'Loading cart...'). */
  isLoading: boolean;
  /** A change is on its way to the server ('Updating cart...', controls disabled). */
  isRefreshing: boolean;
  isDrawerOpen: boolean;
  openDrawer(): void;
  closeDrawer(): void;
  fetchCart(): Promise<void>;
  /** Adds one of the product; false when refused (guest, bad product) or failed. */
  /**
   * failureMessage: what the shopper hears when the server gives no reason (docs/product.md section 8 differs
   * by screen).
   */
  addItem(product: Pick<Product, '_id' | 'productname'> & Partial<Product>, failureMessage?: string): Promise<boolean>;
  updateQuantity(productId: string, quantity: number): Promise<void>;
  /** What the packer does if the item is missing. */
  updateSubstitution(productId: string, substitution: Substitution): Promise<void>;
  removeItem(productId: string): Promise<void>;
  clearCart(): Promise<void>;
  /** Empties the local cart without calling the server (logout, order placed, bad response). */
  reset(): void;
  /** Takes the whole cart another call answered with (an order's lines put in the cart again). */
  take(response: CartResponse): void;
}

/** The api client already toasted and redirected for an expired session; saying more would be noise. */
function isSessionExpiry(error: ApiError): boolean {
  return error.error === 'unauthorized' && storage.getToken() === null;
}

const EMPTY = { items: [] as CartItem[], totalItems: 0, totalPrice: 0 };

/** A cart change that found no network: it waits in the outbox, and the cart shows it meanwhile. */
function waitForNetwork(call: Pick<OutboxEntry, 'method' | 'url' | 'json'>): void {
  enqueue({ kind: 'cart', ...call });
  toast.info(t`You are offline: your cart is changed on this phone and sent to the shop when the network returns.`);
}

/** No answer at all (no network, or it dropped on the way): the change can wait for it. */
const noNetwork = (error: ApiError) => error.status === 0 && error.error !== 'timeout';

// One cart request at a time is enough: callers that ask while one is running share its answer.
let inFlightFetch: Promise<void> | null = null;

export const useCartStore = create<CartState>()((set, get) => {
  /**
   * Takes a whole cart from the server; a reply without success or cart empties the local cart
   * (docs/product.md section 4).
   */
  function applyCart(response: CartResponse | undefined) {
    if (!response?.success || !response.cart || !Array.isArray(response.cart.products)) {
      set({ ...EMPTY });
      return;
    }
    const { products, totalItems, totalPrice } = response.cart;
    const items = products.map(toCartItem).filter((item): item is CartItem => item !== null);
    // The totals are the server's (priced as checkout charges), never summed here.
    set({ items, totalItems: totalItems || 0, totalPrice: totalPrice || 0 });
  }

  /** After a change: use the cart the server sent back, or ask for it when the reply had none. */
  async function reload(response: CartResponse | undefined) {
    if (response?.success && response.cart) applyCart(response);
    else await fetchCartNow();
  }

  async function fetchCartNow(): Promise<void> {
    if (!storage.getToken()) {
      get().reset();
      return;
    }
    // Offline, or changes still waiting to be sent: the kept cart is the truest one for now.
    if (!isOnline() || waiting('cart').length > 0) return;
    if (inFlightFetch) return inFlightFetch;
    inFlightFetch = (async () => {
      if (get().items.length === 0) set({ isLoading: true });
      try {
        applyCart(await getCart());
      } catch (error) {
        const failure = await toApiError(error, t`Failed to fetch cart`);
        // No network: the cart kept on this phone stays on screen.
        if (!isSessionExpiry(failure) && !noNetwork(failure)) toast.error(t`Failed to fetch cart`);
      } finally {
        set({ isLoading: false });
        inFlightFetch = null;
      }
    })();
    return inFlightFetch;
  }

  /** Every change: mark refreshing, call the server, reload the whole cart, then clear the flag. */
  async function change(run: () => Promise<void>) {
    set({ isRefreshing: true });
    try {
      await run();
    } finally {
      set({ isRefreshing: false });
    }
  }

  /** Shows a change made without the server, until the server's own cart replaces it. */
  function local(change: (cart: CartLines) => CartLines) {
    const { items, totalItems, totalPrice } = get();
    set(change({ items, totalItems, totalPrice }));
  }

  return {
    ...(keptCart() ?? EMPTY),
    isLoading: false,
    isRefreshing: false,
    isDrawerOpen: false,
    openDrawer: () => set({ isDrawerOpen: true }),
    closeDrawer: () => set({ isDrawerOpen: false }),
    fetchCart: fetchCartNow,

    async addItem(product, failureMessage = t`Failed to add item to cart`) {
      if (!requireLogin(t`Please log in to add items to your cart.`)) return false;
      if (!product?._id) {
        toast.error(t`Invalid product data`);
        return false;
      }
      if (!product.productname) {
        toast.error(t`Product information is incomplete.`);
        return false;
      }
      let added = false;
      const productName = localNameIn(product, currentLanguage()) ?? product.productname;
      const offline = () => {
        local((cart) => addedLocally(cart, product));
        waitForNetwork({ method: 'post', url: 'cart/add', json: { productId: product._id, quantity: 1 } });
        added = true;
      };
      if (!isOnline()) {
        offline();
        return added;
      }
      await change(async () => {
        try {
          const response = await postAddToCart(product._id, 1);
          await reload(response);
          added = true;
          toast.success(t`Added ${productName} to your cart!`);
        } catch (error) {
          const failure = await toApiError(error, failureMessage);
          if (isSessionExpiry(failure)) return;
          if (noNetwork(failure)) return offline();
          toast.error(failure.status === 404 ? t`Product not found` : failure.message || failureMessage);
        }
      });
      return added;
    },

    async updateQuantity(productId, quantity) {
      if (!requireLogin(t`Please log in to update your cart.`)) return;
      // Quantity cannot go below 1 (docs/product.md section 5): removing is its own action.
      if (!Number.isFinite(quantity) || quantity <= 0) return;
      // Weighed products move in steps of part of a kilo (the server checks the product's rule).
      const wanted = Math.round(quantity * 1000) / 1000;
      const offline = () => {
        local((cart) => quantitySetLocally(cart, productId, wanted));
        waitForNetwork({ method: 'put', url: `cart/update/${encodeURIComponent(productId)}`, json: { quantity: wanted } });
      };
      if (!isOnline()) return offline();
      await change(async () => {
        try {
          await reload(await putCartQuantity(productId, wanted));
          toast.success(t`Quantity updated`);
        } catch (error) {
          const failure = await toApiError(error, t`Failed to update quantity`);
          if (noNetwork(failure)) return offline();
          if (isSessionExpiry(failure)) return;
          // More than stock has left: the server's words say how many are ("Only 3 trays of Eggs left").
          toast.error(failure.error === 'not_enough_stock' || failure.error === 'quantity_rule' ? failure.message : t`Failed to update quantity`);
        }
      });
    },

    async updateSubstitution(productId, substitution) {
      if (!requireLogin('Please log in to update your cart.')) return;
      await change(async () => {
        try {
          await reload(await putCartSubstitution(productId, substitution));
          toast.success('Saved what to do if it is missing');
        } catch (error) {
          const failure = await toApiError(error, 'Failed to update your cart');
          if (isSessionExpiry(failure)) return;
          toast.error(failure.message || 'Failed to update your cart');
        }
      });
    },

    async removeItem(productId) {
      if (!requireLogin(t`Please log in to remove items from your cart.`)) return;
      const offline = () => {
        local((cart) => removedLocally(cart, productId));
        waitForNetwork({ method: 'delete', url: `cart/remove/${encodeURIComponent(productId)}` });
      };
      if (!isOnline()) return offline();
      await change(async () => {
        try {
          await reload(await deleteCartLine(productId));
          toast.success(t`Item removed from cart`);
        } catch (error) {
          const failure = await toApiError(error, t`Failed to remove item from cart`);
          if (isSessionExpiry(failure)) return;
          if (noNetwork(failure)) return offline();
          if (failure.status === 404) {
            // Already gone on the server (another tab, another device): that is the result we wanted.
            toast.info(t`Product already removed from cart`);
            await fetchCartNow();
            return;
          }
          toast.error(t`Failed to remove item from cart`);
        }
      });
    },

    async clearCart() {
      if (!requireLogin(t`Please log in to update your cart.`)) return;
      const offline = () => {
        set({ ...EMPTY });
        waitForNetwork({ method: 'delete', url: 'cart/clear' });
      };
      if (!isOnline()) return offline();
      await change(async () => {
        try {
          await deleteCart();
          set({ ...EMPTY });
          toast.success(t`Cart cleared successfully`);
        } catch (error) {
          const failure = await toApiError(error, t`Failed to clear cart`);
          if (noNetwork(failure)) return offline();
          if (!isSessionExpiry(failure)) toast.error(t`Failed to clear cart`);
        }
      });
    },

    reset() {
      set({ ...EMPTY, isLoading: false, isRefreshing: false });
    },
    take(response) {
      applyCart(response);
    },
  };
});

// Kept on the phone with every change (and forgotten when no one is signed in).
useCartStore.subscribe((state, previous) => {
  if (state.items !== previous.items || state.totalPrice !== previous.totalPrice) keepCart(state);
});

// Once the changes made offline have reached the server, its cart is the one to show; one it refused is said.
onOutboxResult(({ entry, error }) => {
  if (entry.kind !== 'cart') return;
  if (error && error.error !== 'unauthorized') toast.error(error.message);
  if (waiting('cart').length === 0) void useCartStore.getState().fetchCart();
});
