// What other features may use from orders: the calls checkout and profile need, the orders table and lines, and the status badges (the staff console shows them too).
export { placeOrder, placeOrderCall, fetchUserOrders } from './api/orders-api';
export { OrdersTable } from './components/orders-table';
export { LastOrderAgain } from './components/last-order-again';
export { OrderLines } from './components/order-lines';
export { OrderStatusBadge, PaymentStatusBadge } from './components/status-badge';
export { orderStatusWords, paymentStatusWords } from './status-words';
export { PLACED_JUST_NOW } from './payment-status';
