// cart's face: the cart shared by every screen (the header's badge, the drawer, checkout, chat), its
// totals as checkout shows them, and which of its lines are out of stock.
export { useCartStore, type CartItem } from './store';
export { CartTotals } from './components/cart-totals';
export { useOutOfStockIds } from './hooks/use-out-of-stock-ids';
