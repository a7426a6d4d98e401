// /api/admin/staff: who holds the staff role, granted and revoked by staff in the console. Mounted
// inside staffRoutes (modules/staff), under its one requireStaff.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest, staffCall } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { grantStaff, listStaff, revokeStaff } from './staff-members.service';
import { grantStaffSchema, staffListResponseSchema, staffMemberResponseSchema } from './staff-members.schema';

const staffList = createRoute({ ...staffCall, method: 'get', path: '/staff', summary: 'Accounts with the staff role', responses: { 200: jsonReply(staffListResponseSchema) } });
const grant = createRoute({
  ...staffCall,
  method: 'post',
  path: '/staff',
  summary: 'Grant the staff role to an existing account',
  request: { body: jsonRequest(grantStaffSchema) },
  responses: { 201: jsonReply(staffMemberResponseSchema, 'Granted') },
});
const revoke = createRoute({
  ...staffCall,
  method: 'delete',
  path: '/staff/{userId}',
  summary: "Revoke someone else's staff role",
  request: { params: z.object({ userId: idParam('That account is not staff') }) },
  responses: { 200: jsonReply(staffMemberResponseSchema) },
});

export function addStaffMemberRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, staffList, async (c) => c.json({ success: true as const, staff: await listStaff(deps) }));
  addRoute(app, grant, async (c) => {
    const member = await grantStaff(deps, c.req.valid('json').identifier);
    return c.json({ success: true as const, message: `${member.fullName} is now staff`, member }, 201);
  });
  addRoute(app, revoke, async (c) => {
    const member = await revokeStaff(deps, c.get('user').id, c.req.param('userId'));
    return c.json({ success: true as const, message: `${member.fullName} is no longer staff`, member });
  });
}
