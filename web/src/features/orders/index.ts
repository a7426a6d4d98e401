// What other features may use from orders: the calls checkout and profile need, and the orders table.
export { placeOrder, fetchUserOrders } from './api/orders-api';
export { useShopConfig } from './hooks/use-shop-config';
export { OrdersTable } from './components/orders-table';
export { OrderLines } from './components/order-lines';
