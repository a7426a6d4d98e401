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

export function buildOpenApiDocument(docs: RouteDoc[], info: { title: string; version: string }) {
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
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

/** A readable page of the document, drawn here so no script or style comes from another host. */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const rows = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const op = operation as { summary: string; security?: unknown; requestBody?: unknown; responses: Record<string, unknown> };
        const success = Object.keys(op.responses)[0];
        const detail = escape(JSON.stringify({ requestBody: op.requestBody, responses: op.responses[success] }, null, 2));
        return `<details><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>/api${escape(path)}</code> ${escape(op.summary)}${op.security ? ' <small>(signed in)</small>' : ''}</summary><pre>${detail}</pre></details>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(document.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c2b20}details{border:1px solid #d5e2d8;border-radius:6px;margin:.4rem 0;padding:.4rem .6rem}pre{overflow:auto;background:#f4f8f5;padding:.6rem;font-size:12px}.m{display:inline-block;min-width:4.2em;font-weight:700}.get{color:#1b6e3a}.post{color:#8a5a00}.put{color:#1d4f91}.delete{color:#a3242b}</style></head>
<body><h1>${escape(document.info.title)}</h1><p>Every call takes and gives JSON under <code>/api</code>. Signed-in calls send <code>Authorization: Bearer &lt;token&gt;</code>. The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>${rows}</body></html>`;
}
