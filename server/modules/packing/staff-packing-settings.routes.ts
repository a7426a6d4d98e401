// /api/admin/packing/settings: the shop's packing rules (docs/packing.md). Mounted inside staffRoutes.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { allowRoles, consoleCall } from '../auth/auth.middleware';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { packingSettingsPatchSchema, packingSettingsReplySchema } from './packing-settings.schema';
import { getPackingSettings, updatePackingSettings } from './packing-settings.service';

const read = createRoute({
  tags: ['staff'],
  ...allowRoles('packer', 'staff', 'owner'),
  method: 'get',
  path: '/packing/settings',
  summary: "The shop's packing rules: the percent a weighed line may exceed, the default for missing items, the minutes to answer a substitute",
  responses: { 200: jsonReply(packingSettingsReplySchema) },
});
const change = createRoute({
  ...consoleCall,
  method: 'put',
  path: '/packing/settings',
  summary: "Change the shop's packing rules (any of them)",
  request: { body: jsonRequest(packingSettingsPatchSchema) },
  responses: { 200: jsonReply(packingSettingsReplySchema) },
});

export function addPackingSettingsRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, read, async (c) => c.json({ success: true as const, settings: await getPackingSettings(deps) }));
  addRoute(app, change, async (c) => c.json({ success: true as const, settings: await updatePackingSettings(deps, c.req.valid('json')) }));
}
