// What other features use of weekly baskets: the profile's panel, and "Deliver every week" on an order.
export { BasketsPanel } from './components/baskets-panel';
export { MakeWeeklyButton } from './components/make-weekly-dialog';
