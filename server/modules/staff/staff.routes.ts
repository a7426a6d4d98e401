// /api/admin/*: the staff console's calls (docs/staff-api.md), each declared by the module that owns
// what it changes and mounted here. One requireStaff over the whole tree is the one rule for who may
// do what: 401 without a valid token, 403 for a shopper.
import { requireStaff } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { openApiRoutes } from '../../lib/openapi';
import { addStaffBasketRoutes } from '../baskets/staff-baskets.routes';
import { addStaffCatalogRoutes } from '../catalog/staff-catalog.routes';
import { addStaffMessageRoutes } from '../contact/staff-messages.routes';
import { addStaffDeliveryRoutes } from '../delivery/staff-delivery.routes';
import { addStaffOrderRoutes, addStaffReportRoutes } from '../orders/staff-orders.routes';
import { addStaffStockRoutes } from '../stock/staff-stock.routes';
import { addStaffMemberRoutes } from '../users/staff-members.routes';

export function staffRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireStaff(deps));
  addStaffOrderRoutes(app, deps);
  addStaffMemberRoutes(app, deps);
  addStaffCatalogRoutes(app, deps);
  addStaffMessageRoutes(app, deps);
  addStaffReportRoutes(app, deps);
  addStaffDeliveryRoutes(app, deps);
  addStaffBasketRoutes(app, deps);
  addStaffStockRoutes(app, deps);
  return app;
}
