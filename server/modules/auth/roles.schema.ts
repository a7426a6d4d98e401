// The roles' zod enums, for the schemas of requests and replies. The lists and everything else about
// roles are plain constants in role-lists.schema.ts (the console's first load imports those without zod);
// this file names them again so the server's modules keep one place to import roles from.
import { z } from 'zod';
import { CHOOSE_A_ROLE, GRANTED_ROLES, ROLES } from './role-lists.schema';

export * from './role-lists.schema';

export const roleSchema = z.enum(ROLES);

export const grantedRoleSchema = z.enum(GRANTED_ROLES, { error: CHOOSE_A_ROLE });
