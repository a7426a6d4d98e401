// What other features use of the cart besides its store.
export { CartTotals } from './components/cart-totals';
