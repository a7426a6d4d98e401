// The shopper's cart (docs/product.md sections 3, 4, 5, 8). The server owns the cart; this store mirrors the
// last whole cart it returned, so every screen (header badge, drawer, cart page, checkout) agrees.
import { create } from 'zustand';
import type { Product } from '@server/modules/catalog/catalog.schema';
import { ApiError, toApiError } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';
import { requireLogin } from '@web/features/auth';
import { toast } from '@web/components/ui/toast';
import { deleteCart, deleteCartLine, getCart, postAddToCart, putCartQuantity, type CartResponse } from './api/cart-api';
import { toCartItem, type CartItem } from './cart-item';

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
    if (inFlightFetch) return inFlightFetch;
    inFlightFetch = (async () => {
      if (get().items.length === 0) set({ isLoading: true });
      try {
        applyCart(await getCart());
      } catch (error) {
        const failure = await toApiError(error, 'Failed to fetch cart');
        if (!isSessionExpiry(failure)) toast.error('Failed to fetch cart');
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

  return {
    ...EMPTY,
    isLoading: false,
    isRefreshing: false,
    isDrawerOpen: false,
    openDrawer: () => set({ isDrawerOpen: true }),
    closeDrawer: () => set({ isDrawerOpen: false }),
    fetchCart: fetchCartNow,

    async addItem(product, failureMessage = 'Failed to add item to cart') {
      if (!requireLogin('Please log in to add items to your cart.')) return false;
      if (!product?._id) {
        toast.error('Invalid product data');
        return false;
      }
      if (!product.productname) {
        toast.error('Product information is incomplete.');
        return false;
      }
      let added = false;
      await change(async () => {
        try {
          const response = await postAddToCart(product._id, 1);
          await reload(response);
          added = true;
          toast.success(`Added ${product.productname} to your cart!`);
        } catch (error) {
          const failure = await toApiError(error, failureMessage);
          if (isSessionExpiry(failure)) return;
          toast.error(failure.status === 404 ? 'Product not found' : failure.message || failureMessage);
        }
      });
      return added;
    },

    async updateQuantity(productId, quantity) {
      if (!requireLogin('Please log in to update your cart.')) return;
      // Quantity cannot go below 1 (docs/product.md section 5): removing is its own action.
      if (!Number.isFinite(quantity) || quantity < 1) return;
      await change(async () => {
        try {
          await reload(await putCartQuantity(productId, Math.trunc(quantity)));
          toast.success('Quantity updated');
        } catch (error) {
          const failure = await toApiError(error, 'Failed to update quantity');
          if (isSessionExpiry(failure)) return;
          // More than stock has left: the server's words say how many are ("Only 3 trays of Eggs left").
          toast.error(failure.error === 'not_enough_stock' ? failure.message : 'Failed to update quantity');
        }
      });
    },

    async removeItem(productId) {
      if (!requireLogin('Please log in to remove items from your cart.')) return;
      await change(async () => {
        try {
          await reload(await deleteCartLine(productId));
          toast.success('Item removed from cart');
        } catch (error) {
          const failure = await toApiError(error, 'Failed to remove item from cart');
          if (isSessionExpiry(failure)) return;
          if (failure.status === 404) {
            // Already gone on the server (another tab, another device): that is the result we wanted.
            toast.info('Product already removed from cart');
            await fetchCartNow();
            return;
          }
          toast.error('Failed to remove item from cart');
        }
      });
    },

    async clearCart() {
      if (!requireLogin('Please log in to update your cart.')) return;
      await change(async () => {
        try {
          await deleteCart();
          set({ ...EMPTY });
          toast.success('Cart cleared successfully');
        } catch (error) {
          const failure = await toApiError(error, 'Failed to clear cart');
          if (!isSessionExpiry(failure)) toast.error('Failed to clear cart');
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
