// TRANSITION: the hand-written docs of routes files not yet declared with createRoute.
// The OpenAPI document, made from the same zod schemas the routes validate with. Each routes
// file lists its calls; nothing here is written twice.
import { z } from 'zod';

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string; // OpenAPI style: /product/getProductDetails/{id}
  summary: string;
  tag: string;
  auth?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  status?: number;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function queryParameters(schema: z.ZodType) {
  const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown> };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }));
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

const errorResponse = {
  description: 'Error',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          success: { const: false },
          message: { type: 'string' },
          error: { type: 'string' },
          errors: { type: 'array', items: { type: 'object', properties: { msg: { type: 'string' }, param: { type: 'string' } } } },
        },
      },
    },
  },
};

export function legacyPaths(docs: RouteDoc[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const ok = String(doc.status ?? 200);
    paths[doc.path] ??= {};
    paths[doc.path][doc.method] = {
      summary: doc.summary,
      tags: [doc.tag],
      ...(doc.auth ? { security: [{ bearer: [] }] } : {}),
      parameters: [...pathParameters(doc.path), ...(doc.query ? queryParameters(doc.query) : [])],
      ...(doc.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body, 'input') } } } }
        : {}),
      responses: {
        [ok]: {
          description: 'Success',
          ...(doc.response ? { content: { 'application/json': { schema: jsonSchema(doc.response, 'output') } } } : {}),
        },
        '400': errorResponse,
        ...(doc.auth ? { '401': errorResponse } : {}),
        '404': errorResponse,
      },
    };
  }
  return paths;
}
