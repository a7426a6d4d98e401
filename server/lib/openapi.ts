// Routes declared once: each routes file declares its calls with createRoute (method, path, path
// params, query, body, replies, all zod schemas from its module's schema file). The route runs from
// that declaration and the OpenAPI document is generated from the same declarations.
import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppEnv } from './deps';
import { isRole, type Role } from './roles';
import { errorReplySchema } from './replies';
import { jsonBody, pathParamError, validationError } from './validate';

/**
 * A routes file's app. A query that fails its schema is the API's 400 with each field's message; a
 * path id that cannot be one is the route's own 404 (path-params.ts).
 */
export function openApiRoutes() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.target === 'param' ? pathParamError(result.error) : validationError(result.error);
    },
  });
}

/**
 * Adds a declared route to its routes file's app, and to the document with the refusals every call
 * may answer (refusalsOf). The body is read as the API always has: JSON by jsonBody, an upload by its
 * handler. The library would refuse a body that is not JSON (a form, no content type) with 415 and
 * read a `null` body as a wrong type, where docs/api.md answers 400 with the fields' own messages. The
 * declaration still documents the body and types `c.req.valid('json')`.
 */
export function addRoute<R extends RouteConfig>(app: OpenAPIHono<AppEnv>, route: R, handler: RouteHandler<R, AppEnv>): void {
  const { middleware, hide: _hide, ...declared } = route;
  const roles = declaredRoles(declared);
  const description = roles ? [declared.description, `Roles allowed: ${roles.join(', ')}.`].filter(Boolean).join('\n\n') : declared.description;
  app.openAPIRegistry.registerPath({ ...declared, ...(description ? { description } : {}), responses: { ...declared.responses, ...refusalsOf(declared) } });
  const body = (declared.request?.body?.content['application/json'] as { schema?: z.ZodType } | undefined)?.schema;
  const { body: _body, ...request } = declared.request ?? {};
  const checks = [...(middleware ? [middleware].flat() : []), ...(body ? [jsonBody(body)] : [])];
  app.openapi({ ...declared, request, middleware: checks, hide: true }, handler as never);
}

/** A declared route's JSON body. */
export const jsonRequest = <S extends z.ZodType>(schema: S) => ({ required: true, content: { 'application/json': { schema } } });

/** A JSON reply of a declared route. */
export const jsonReply = <S extends z.ZodType>(schema: S, description = 'Success') => ({
  description,
  content: { 'application/json': { schema } },
});

/** The security requirement of a signed-in call. */
export const bearerAuth = [{ bearer: [] }];

/**
 * The roles a route allows, as it declares them (`x-roles`, put there by the auth module's
 * allowRoles with the check made from the same list); undefined for a route open to any signed-in
 * account or to anyone.
 */
export function declaredRoles(route: object): readonly Role[] | undefined {
  const roles = (route as { 'x-roles'?: unknown })['x-roles'];
  return Array.isArray(roles) ? roles.filter(isRole) : undefined;
}

const refusal = (description: string) => jsonReply(errorReplySchema, description);

/**
 * The refusals a call may answer with, in docs/api.md's one error shape: bad input and not found for
 * every call, 401 for a signed-in one, 403 for one that allows only some roles.
 */
function refusalsOf(route: Pick<RouteConfig, 'security'>) {
  const roles = declaredRoles(route);
  return {
    400: refusal("Bad input: `message` is the first field's message, `errors` lists each"),
    404: refusal('Not found'),
    ...(route.security ? { 401: refusal('No token, or one that is invalid or expired') } : {}),
    ...(roles ? { 403: refusal(`The account holds none of the roles allowed: ${roles.join(', ')}`) } : {}),
  };
}

/** What every call keeps, said once at the top of the document (docs/api.md, Rules for every call). */
const RULES = [
  'Every call takes and gives JSON under `/api`; `_id` is a string; money is a number of frw (`1500`, `1499.5`), never a string.',
  'A signed-in call sends `Authorization: Bearer <token>` (the token from `POST /auth/login` or `/auth/register`). No token, or one that is unknown, expired or revoked: 401, its `message` naming the token. The staff console\'s calls (`/api/admin/*`) answer 403 to an account without a role they allow, before any 404.',
  'A refusal is `{success:false, message, error, errors?:[{msg, param}]}`: 400 for bad input (each field named in `errors`), 404 for what does not exist or is not the caller\'s, 409 when what the caller saw changed meanwhile or is taken, 413 for a body too large. An unexpected failure is 500 `Something went wrong`, never a stack trace.',
].join('\n\n');

/** The whole document: every routes file's declarations, under /api. */
export function buildOpenApiDocument(api: OpenAPIHono<AppEnv>, info: { title: string; version: string }) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  return api.getOpenAPI31Document({ openapi: '3.1.0', info: { ...info, description: RULES }, servers: [{ url: '/api' }] });
}
