// /api/admin/staff: the shop's team and its roles, as owners manage them in the console (every call
// here is the owner's: ownerCall). Mounted inside staffRoutes (modules/staff).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { ownerCall } from '../auth/auth.middleware';
import { grantedRoleSchema } from '../auth/roles.schema';
import type { AppEnv, ShopDeps } from '../../lib/deps';
import { addRoute, jsonReply, jsonRequest } from '../../lib/openapi';
import { idParam } from '../../lib/path-params';
import { grantRoleByIdentifier, grantRoleToMember, listStaff, NOT_ON_THE_TEAM, revokeFromMember, withArticle } from './staff-members.service';
import { addRoleSchema, grantRoleSchema, staffListResponseSchema, staffMemberResponseSchema } from './staff-members.schema';

const memberParams = z.object({ userId: idParam(NOT_ON_THE_TEAM) });
const roleParams = memberParams.extend({ role: grantedRoleSchema });

const staffList = createRoute({
  ...ownerCall,
  method: 'get',
  path: '/staff',
  summary: 'Everyone holding a role beyond shopper, with their roles',
  responses: { 200: jsonReply(staffListResponseSchema) },
});
const grant = createRoute({
  ...ownerCall,
  method: 'post',
  path: '/staff',
  summary: 'Give an existing account a role (staff unless said), found by e-mail or phone',
  request: { body: jsonRequest(grantRoleSchema) },
  responses: { 201: jsonReply(staffMemberResponseSchema, 'Granted') },
});
const addRole = createRoute({
  ...ownerCall,
  method: 'post',
  path: '/staff/{userId}/roles',
  summary: 'Give someone one more role',
  request: { params: memberParams, body: jsonRequest(addRoleSchema) },
  responses: { 200: jsonReply(staffMemberResponseSchema) },
});
const removeRole = createRoute({
  ...ownerCall,
  method: 'delete',
  path: '/staff/{userId}/roles/{role}',
  summary: "Take one of someone's roles away (never your own owner role; the shop keeps an owner)",
  request: { params: roleParams },
  responses: { 200: jsonReply(staffMemberResponseSchema) },
});
const removeMember = createRoute({
  ...ownerCall,
  method: 'delete',
  path: '/staff/{userId}',
  summary: "Take every one of someone else's roles away",
  request: { params: memberParams },
  responses: { 200: jsonReply(staffMemberResponseSchema) },
});

export function addStaffMemberRoutes(app: OpenAPIHono<AppEnv>, deps: ShopDeps): void {
  addRoute(app, staffList, async (c) => c.json({ success: true as const, staff: await listStaff(deps) }));
  addRoute(app, grant, async (c) => {
    const { identifier, role } = c.req.valid('json');
    const member = await grantRoleByIdentifier(deps, identifier, role, c.get('user').id);
    return c.json({ success: true as const, message: `${member.fullName} is now ${withArticle(role)}`, member }, 201);
  });
  addRoute(app, addRole, async (c) => {
    const { role } = c.req.valid('json');
    const member = await grantRoleToMember(deps, c.get('user').id, c.req.valid('param').userId, role);
    return c.json({ success: true as const, message: `${member.fullName} is now ${withArticle(role)}`, member });
  });
  addRoute(app, removeRole, async (c) => {
    const { userId, role } = c.req.valid('param');
    const member = await revokeFromMember(deps, c.get('user').id, userId, role);
    return c.json({ success: true as const, message: `${member.fullName} is no longer ${withArticle(role)}`, member });
  });
  addRoute(app, removeMember, async (c) => {
    const member = await revokeFromMember(deps, c.get('user').id, c.req.valid('param').userId);
    return c.json({ success: true as const, message: `${member.fullName} holds no role now`, member });
  });
}
