// The cart follows the session (docs/product.md section 4): becoming authenticated loads it, and the session ending
// (sign-out, or expiry on any call) empties it locally. The session's store knows nothing of the cart;
// the app ties the two together, so this is where the rule is kept.
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@web/features/auth';
import { useCartStore } from '@web/features/cart';
import { storage } from '@web/lib/storage';
import { json, mockFetch } from '@web/test/mock-fetch';
import { CartFollowsSession } from './providers';

const tomatoes = { _id: 'tomatoes', productname: 'Tomatoes', price: 800, offerPrice: null, productImage: '/images/products/tomatoes.svg', productUnit: 'kg' };
const oneLine = { success: true, cart: { products: [{ productId: tomatoes, quantity: 2, price: 800, subtotal: 1600 }], totalItems: 2, totalPrice: 1600 } };

function signIn() {
  storage.setToken('token-1');
  useAuthStore.setState({ token: 'token-1', user: null, isAuthenticated: true });
}

afterEach(() => {
  useAuthStore.setState({ token: null, user: null, isAuthenticated: false });
  useCartStore.getState().reset();
});

describe('CartFollowsSession', () => {
  it("loads the shopper's cart once signed in, and empties it locally when the session ends", async () => {
    const fetchMock = mockFetch(() => json(oneLine));
    signIn();
    render(<CartFollowsSession />);
    await waitFor(() => expect(useCartStore.getState().totalItems).toBe(2));
    expect(useCartStore.getState().items.map((item) => item.id)).toEqual(['tomatoes']);

    act(() => useAuthStore.getState().clearSession());
    expect(useCartStore.getState().items).toEqual([]);
    expect(useCartStore.getState().totalItems).toBe(0);
    expect(useCartStore.getState().totalPrice).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
