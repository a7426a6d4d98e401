// cart's face: the cart shared by every screen (the header's badge, the drawer, checkout, chat) and its
// totals as checkout shows them.
export { useCartStore, type CartItem } from './store';
export { CartTotals } from './components/cart-totals';
export { useDeliveryFees, quoteDeliveryFee } from './delivery-fee';
export { stockNoteOf } from './stock-note';
export { SubstitutionChoice } from './components/substitution-choice';
