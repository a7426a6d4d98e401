// What other features may use from orders: the calls checkout and profile need, and the status badges.
export { placeOrder, fetchUserOrders } from './api/orders-api';
export { useShopConfig } from './hooks/use-shop-config';
export { OrderStatusBadge, PaymentStatusBadge } from './components/status-badge';
export { formatOrderDate } from './format';
export { OrdersTable } from './components/orders-table';
export { OrderLines } from './components/order-lines';
