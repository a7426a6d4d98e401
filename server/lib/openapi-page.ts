// /api/docs: the OpenAPI document drawn as a page a person reads, the API's one reference (docs/api.md
// gives the rules; this gives every call's fields). Drawn here, as plain HTML and an inline style, so it
// needs no script and nothing from another host: it works offline and under the site's
// Content-Security-Policy (lib/content-security.ts).

/** The parts of an OpenAPI 3.1 schema the page reads. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  description?: string;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  /** The roles a staff call allows (auth.middleware's allowRoles). */
  'x-roles'?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

/** The document as buildOpenApiDocument makes it; read through the shapes above. */
export interface ReadableDocument {
  info: { title: string; description?: string };
  paths?: object;
  components?: object;
}

/** Named schemas a `$ref` points to. */
type Schemas = Record<string, Schema>;

const METHODS: readonly string[] = ['get', 'post', 'put', 'delete', 'patch'];

/** The shop's calls first, in the order the app mounts them, the staff console's after. */
const STAFF_TAG = 'staff';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `code` spans for the text between backticks, the rest escaped. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${prose(paragraph.trim())}</p>`)
    .join('');

/** A schema as a TypeScript-like type, nested objects indented: `{ _id: string, price?: number | null }`. */
function typeOf(schema: Schema | undefined, schemas: Schemas, indent: string): string {
  if (!schema) return 'unknown';
  if (schema.$ref) return typeOf(schemas[schema.$ref.split('/').pop() ?? ''], schemas, indent);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((part) => typeOf(part, schemas, indent)))].join(' | ');
  if (schema.allOf) return schema.allOf.map((part) => typeOf(part, schemas, indent)).join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return types.map((type) => typeOf({ ...schema, type }, schemas, indent)).join(' | ');
  if (types[0] === 'null') return 'null';
  if (types[0] === 'array') {
    const item = typeOf(schema.items, schemas, indent);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  if (types[0] === 'object' || schema.properties) return objectType(schema, schemas, indent);
  if (types[0] === 'string' && schema.format === 'binary') return 'file';
  return types[0] === 'integer' ? 'integer' : (types[0] ?? 'unknown');
}

function objectType(schema: Schema, schemas: Schemas, indent: string): string {
  const entries = Object.entries(schema.properties ?? {});
  if (!entries.length) return typeof schema.additionalProperties === 'object' ? `{ [key]: ${typeOf(schema.additionalProperties, schemas, indent)} }` : 'object';
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = entries.map(([name, property]) => {
    const note = fieldNote(property);
    return `${inner}${name}${required.has(name) ? '' : '?'}: ${typeOf(property, schemas, inner)}${note ? `  // ${note}` : ''}`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** A field's description and bounds, as a short comment beside it. */
function fieldNote(schema: Schema): string {
  const bounds = [
    schema.minLength !== undefined && schema.minLength > 1 ? `at least ${schema.minLength} characters` : '',
    schema.maxLength !== undefined ? `at most ${schema.maxLength} characters` : '',
    schema.minimum !== undefined ? `from ${schema.minimum}` : '',
    schema.maximum !== undefined ? `to ${schema.maximum}` : '',
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : '',
  ].filter(Boolean);
  return [schema.description, bounds.join(', ')].filter(Boolean).join('; ');
}

const codeBlock = (text: string) => `<pre>${escape(text)}</pre>`;

function parametersOf(operation: Operation, schemas: Schemas): string {
  const rows = (operation.parameters ?? []).map(
    (parameter) =>
      `<tr><td><code>${escape(parameter.name)}</code></td><td>${escape(parameter.in)}${parameter.required ? ', required' : ''}</td><td><code>${escape(typeOf(parameter.schema, schemas, ''))}</code></td><td>${prose(parameter.description ?? fieldNote(parameter.schema ?? {}))}</td></tr>`,
  );
  return rows.length ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>note</th></tr>${rows.join('')}</table>` : '';
}

function bodyOf(operation: Operation, schemas: Schemas): string {
  return Object.entries(operation.requestBody?.content ?? {})
    .map(([type, { schema }]) => `<h4>Body <small>${escape(type)}</small></h4>${codeBlock(typeOf(schema, schemas, ''))}`)
    .join('');
}

function repliesOf(operation: Operation, schemas: Schemas): string {
  const replies = Object.entries(operation.responses ?? {});
  const answers = replies
    .filter(([status]) => status.startsWith('2'))
    .map(([status, reply]) => {
      const schema = Object.values(reply.content ?? {})[0]?.schema;
      return `<h4>${escape(status)} <small>${prose(reply.description ?? '')}</small></h4>${schema ? codeBlock(typeOf(schema, schemas, '')) : ''}`;
    });
  const refusals = replies
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, reply]) => `<li><b>${escape(status)}</b> ${prose(reply.description ?? '')}</li>`);
  return `${answers.join('')}${refusals.length ? `<h4>Refusals</h4><ul>${refusals.join('')}</ul><p class="note">Every refusal is <code>{success:false, message, error, errors?:[{msg, param}]}</code>.</p>` : ''}`;
}

const anchorOf = (method: string, path: string) => `${method}-${path.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}`;

function operationHtml(method: string, path: string, operation: Operation, schemas: Schemas): string {
  const roles = operation['x-roles'];
  const who = roles?.length ? ` <span class="who">${escape(roles.join(', '))}</span>` : operation.security?.length ? ' <span class="who">signed in</span>' : '';
  return `<details id="${anchorOf(method, path)}"><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>/api${escape(path)}</code> ${prose(operation.summary ?? '')}${who}</summary>${operation.description ? paragraphs(operation.description) : ''}${parametersOf(operation, schemas)}${bodyOf(operation, schemas)}${repliesOf(operation, schemas)}</details>`;
}

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

function entriesOf(document: ReadableDocument): Entry[] {
  return Object.entries((document.paths ?? {}) as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/** The calls grouped by their first tag, in the order each tag first appears, staff's last. */
function groupsOf(entries: Entry[]): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const tag = entry.operation.tags?.[0] ?? 'other';
    groups.set(tag, [...(groups.get(tag) ?? []), entry]);
  }
  return [...groups].sort(([a], [b]) => Number(a === STAFF_TAG) - Number(b === STAFF_TAG));
}

const heading = (tag: string) => (tag === STAFF_TAG ? 'Staff console (/api/admin)' : tag[0].toUpperCase() + tag.slice(1));

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#1c2b20}' +
  'h2{margin-top:2rem;border-bottom:1px solid #d5e2d8}h4{margin:.8rem 0 .2rem}nav a{margin-right:.8rem}' +
  'details{border:1px solid #d5e2d8;border-radius:6px;margin:.4rem 0;padding:.4rem .6rem}summary{cursor:pointer}' +
  'pre{overflow:auto;background:#f4f8f5;padding:.6rem;font-size:12.5px;margin:.2rem 0}table{border-collapse:collapse;font-size:14px}' +
  'td,th{border:1px solid #d5e2d8;padding:.2rem .5rem;text-align:left;vertical-align:top}.note{color:#4a5a4f;font-size:13px}' +
  '.m{display:inline-block;min-width:4.2em;font-weight:700}.get{color:#1b6e3a}.post{color:#8a5a00}.put{color:#1d4f91}.delete{color:#a3242b}' +
  '.who{font-size:12px;border:1px solid #b9c9bd;border-radius:4px;padding:0 .3rem;color:#4a5a4f}';

/** The whole reference page. */
export function renderDocsPage(document: ReadableDocument): string {
  const groups = groupsOf(entriesOf(document));
  const schemas = (document.components as { schemas?: Schemas } | undefined)?.schemas ?? {};
  const contents = groups.map(([tag]) => `<a href="#${escape(tag)}">${escape(heading(tag))}</a>`).join('');
  const sections = groups
    .map(([tag, entries]) => `<h2 id="${escape(tag)}">${escape(heading(tag))}</h2>${entries.map(({ method, path, operation }) => operationHtml(method, path, operation, schemas)).join('\n')}`)
    .join('\n');
  const title = escape(document.info.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${STYLE}</style></head>
<body><h1>${title}</h1>${paragraphs(document.info.description ?? '')}<p>The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p><nav>${contents}</nav>
${sections}</body></html>`;
}
