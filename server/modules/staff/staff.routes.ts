// /api/admin/*: the staff console's calls (listed at /api/docs), each declared by the module that owns
// what it changes and mounted here. Who may call each is what its declaration says (allowRoles in
// auth.middleware.ts: the roles in /api/openapi.json and the check, made from one list); this router
// signs the caller in (401 without a valid token, before any 404) and refuses to start with a call
// that declares no roles, so none is ever open to every signed-in shopper by being forgotten.
import { requireUser } from '../auth/auth.middleware';
import type { ShopDeps } from '../../lib/deps';
import { declaredRoles, openApiRoutes } from '../../lib/openapi';
import { addStaffBasketRoutes } from '../baskets/staff-baskets.routes';
import { addStaffCashRoutes } from '../cash/staff-cash.routes';
import { addStaffCatalogRoutes } from '../catalog/staff-catalog.routes';
import { addStaffMessageRoutes } from '../contact/staff-messages.routes';
import { addStaffDeliveryRoutes } from '../delivery/staff-delivery.routes';
import { addStaffDispatchRoutes } from '../dispatch/staff-dispatch.routes';
import { addStaffOrderRoutes, addStaffReportRoutes } from '../orders/staff-orders.routes';
import { addStaffStockRoutes } from '../stock/staff-stock.routes';
import { addPackingRoutes } from '../orders/staff-packing.routes';
import { addPackingSettingsRoutes } from '../packing/staff-packing-settings.routes';
import { addStaffMemberRoutes } from '../users/staff-members.routes';

type AdminApp = ReturnType<typeof openApiRoutes>;

export function staffRoutes(deps: ShopDeps) {
  const app = openApiRoutes();
  app.use(requireUser(deps));
  addStaffOrderRoutes(app, deps);
  addStaffMemberRoutes(app, deps);
  addStaffCatalogRoutes(app, deps);
  addStaffMessageRoutes(app, deps);
  addStaffReportRoutes(app, deps);
  addStaffDeliveryRoutes(app, deps);
  addStaffBasketRoutes(app, deps);
  addStaffStockRoutes(app, deps);
  addPackingRoutes(app, deps);
  addPackingSettingsRoutes(app, deps);
  addStaffDispatchRoutes(app, deps);
  addStaffCashRoutes(app, deps);
  refuseUndeclaredRoles(app);
  return app;
}

/** Every call here must say which roles it allows (and so be checked): a start fails on one that does not. */
function refuseUndeclaredRoles(app: AdminApp): void {
  const undeclared = app.openAPIRegistry.definitions
    .flatMap((definition) => (definition.type === 'route' ? [definition.route] : []))
    .filter((route) => !declaredRoles(route)?.length)
    .map((route) => `${route.method.toUpperCase()} /api/admin${route.path}`);
  if (undeclared.length) throw new Error(`These /api/admin calls declare no roles (spread allowRoles, consoleCall or ownerCall into them): ${undeclared.join(', ')}`);
}
