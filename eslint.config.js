// Lint, run by `npm test` beside the type check: typescript-eslint's recommended rules (syntax only,
// so it stays fast: the type check already reads the types), the layers each side imports through,
// and no import cycles. Dead code (unused files, exports, types, packages) is knip's job (knip.json).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** One layer may not import another: `from` folders are out of bounds for files in `target`. */
const zone = (target, from, message) => ({ target, from, message });

// The server's layers, outermost first: channels → conversation → modules → lib → db. A layer imports
// only those after it: lib never imports a resource module, and db (connections, migrations, change
// notices) imports nothing of the shop's above it.
const serverZones = [
  zone('./server/conversation', './server/channels', 'the conversation engine is used by channels, never the reverse'),
  zone('./server/modules', ['./server/channels', './server/conversation'], 'modules are called by the conversation engine and channels, never the reverse'),
  zone('./server/lib', ['./server/channels', './server/conversation', './server/modules'], 'lib never imports modules, the conversation engine or channels'),
  zone('./server/db', ['./server/channels', './server/conversation', './server/modules', './server/lib'], 'db never imports lib, modules, the conversation engine or channels'),
];

// Features keep their internals: a server module (or the engine, a channel) uses another module
// only through its face, `*.schema.ts`, `*.service.ts` and `*.middleware.ts`; a web feature uses
// another through its `index.ts` alone, which names what the others may take (the build drops what a
// chunk does not use of it: docs/decisions/010-feature-faces.md). A server module's other needs are
// listed here, with the reason each is needed; an entry that is no longer used is refused too (see
// `refuseUnusedAllowances` below), so the list stays true. The web has no such list.
const ROOT = import.meta.dirname;
const featuresIn = (folder) => readdirSync(path.join(ROOT, folder), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
/** An exact file as a glob (the rule takes exceptions of a glob zone only as globs). */
const exactly = (file) => path.join(ROOT, path.dirname(file), `@(${path.basename(file)})`);

const serverAllowed = {
  // The composition root mounts every module's routes and opens with the catalog's seed; it answers a
  // repeated catalog GET at Node's handler with the bytes the catalog's cache kept.
  'server/app.ts': ['server/modules/*/*.routes.ts', 'server/modules/catalog/catalog-cache.ts'],
  'server/main.ts': ['server/modules/catalog/seed/seed-catalog.ts'],
  // The one /api/admin router mounts each module's staff calls, each checked by the roles it declares.
  'server/modules/staff': ['server/modules/*/staff-*.routes.ts'],
  // Who is told what about an order is decided in orders (order-notices.ts), payment receipts too.
  'server/modules/payments': ['server/modules/orders/order-notices.ts'],
  // The rider's actions tell the shopper as any change of their order does (who is coming, the code, a new window).
  'server/modules/dispatch': ['server/modules/orders/order-notices.ts'],
  // A notice names the order's delivery window in its reader's words.
  'server/modules/orders/order-notices.ts': ['server/modules/delivery/delivery-windows.ts', 'server/modules/delivery/window-words.ts'],
  // A weekly basket is a delivery window on a weekday: it reads the delivery calendar's pieces, and the
  // job tells of the order it placed as any order is told of (orders' notices).
  'server/modules/baskets': [
    'server/modules/delivery/delivery-windows.ts',
    'server/modules/delivery/kigali-time.ts',
    'server/modules/delivery/window-words.ts',
    'server/modules/orders/order-notices.ts',
  ],
  // The order screen says why a MoMo payment failed in the conversation's language (the order keeps the words).
  'server/conversation/screens/orders.ts': ['server/modules/orders/momo-reasons.ts'],
  // A delivery window reads in the conversation's words ("Today", "Tomorrow").
  'server/conversation/screens/delivery-time.ts': ['server/modules/delivery/window-words.ts'],
  // WhatsApp's image header needs a JPEG or PNG of a product's picture.
  'server/channels/whatsapp/render-whatsapp.ts': ['server/modules/catalog/raster-picture.ts'],
};

const allowedFor = (allowed, target) =>
  Object.entries(allowed)
    .filter(([importer]) => importer === target || importer.startsWith(`${target}/`))
    .flatMap(([, files]) => files.map((file) => (/[*{]/.test(file) ? path.join(ROOT, file) : exactly(file))));

/** Every allowance names a file its importer still imports (globs excepted): a stale one stops the lint. */
function refuseUnusedAllowances(allowed) {
  const filesOf = (target) => {
    const full = path.join(ROOT, target);
    if (!existsSync(full)) throw new Error(`eslint.config.js: an allowance names ${target}, which no longer exists; remove it`);
    if (!statSync(full).isDirectory()) return [full];
    return readdirSync(full, { recursive: true }).map((name) => path.join(full, name)).filter((file) => /\.(ts|tsx)$/.test(file));
  };
  for (const [importer, files] of Object.entries(allowed)) {
    const sources = filesOf(importer).map((file) => readFileSync(file, 'utf8'));
    for (const file of files.filter((entry) => !/[*{]/.test(entry))) {
      // An import names the file's folder and name, with or without the extension (a stylesheet keeps it).
      const named = `${path.basename(path.dirname(file))}/${path.basename(file).replace(/\.(ts|tsx)$/, '')}'`;
      if (!sources.some((source) => source.includes(named))) throw new Error(`eslint.config.js: ${importer} no longer imports ${file}; remove the allowance`);
    }
  }
}
refuseUnusedAllowances(serverAllowed);

/** A zone per feature: the other features of its folder, their faces and `allowed` excepted. */
function featureZones(folder, face, allowed, message) {
  return featuresIn(folder).map((feature) => ({
    target: `./${folder}/${feature}`,
    from: path.join(ROOT, folder, `!(${feature})`, '**'),
    except: [...face.map((file) => path.join(ROOT, folder, '*', file)), ...allowedFor(allowed, `${folder}/${feature}`)],
    message,
  }));
}

const moduleFace = ['*.schema.ts', '*.service.ts', '*.middleware.ts'];
const boundaryZones = [
  ...featureZones('server/modules', moduleFace, serverAllowed, "a module uses another through its schema, service or middleware (or an allowance in eslint.config.js)"),
  ...['server/conversation', 'server/channels', 'server/app.ts', 'server/main.ts'].map((target) => ({
    target: `./${target}`,
    from: path.join(ROOT, 'server/modules/**'),
    except: [...moduleFace.map((file) => path.join(ROOT, 'server/modules/*', file)), ...Object.keys(serverAllowed).filter((importer) => importer === target || importer.startsWith(`${target}/`)).flatMap((importer) => allowedFor(serverAllowed, importer))],
    message: "the engine and the channels use a module through its schema, service or middleware (or an allowance in eslint.config.js)",
  })),
  ...featureZones('web/src/features', ['index.ts'], {}, "a feature uses another only through its index.ts (add what it needs there)"),
];

// The storefront's layers: shared (components/ui, lib) → features → app. app/paths.ts (the route
// table every feature links with) is the one file of app a feature may import.
const webZones = [
  zone('./web/src/components', ['./web/src/features', './web/src/app'], 'shared components never import a feature or the app'),
  zone('./web/src/lib', ['./web/src/features', './web/src/app'], 'web/src/lib never imports a feature or the app'),
  {
    target: './web/src/features',
    from: './web/src/app',
    // app/paths.ts is the route table every feature links with.
    except: ['./paths.ts'],
    message: 'features are put together by the app, never the reverse (app/paths.ts excepted)',
  },
  zone(
    './web/src',
    ['./server/modules/*/!(*.schema).ts', './server/modules/*/*/**', './server/conversation/**', './server/channels/**/!(*.schema).ts', './server/db/**', './server/*.ts'],
    "the web shares only the server's zod schemas (modules/*/*.schema.ts, channels/*/*.schema.ts) and server/lib",
  ),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'dist/', '.tmp/', 'data/', 'test-results/', 'playwright-report/', 'tests/bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle reads the files an import leads to: with these it can parse TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones, ...boundaryZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Inside a feature (or components/, lib/, app/) imports are relative; anything further is named
      // from the storefront's root, so a path says where it leads without counting ../ levels.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./){2,}', message: "name a file outside this folder's area with @web/..." }] }],
    },
  },
  {
    // The server keeps no state in a module's top-level variables: state belongs in what createApp is
    // given, so two apps in one process (a second instance in a test, or test files sharing a Vitest
    // worker, which vitest.config.ts relies on) never see each other's. A WeakMap keyed by the database
    // handle (the catalog caches, background tasks) is state per app and allowed; fixed lookup tables
    // are fine when typed read-only.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((topLevel) => [
          { selector: `${topLevel}[kind!="const"]`, message: 'no module-level `let` in the server: keep state in what createApp is given' },
          {
            selector: `${topLevel} > VariableDeclarator:not([id.typeAnnotation]) > NewExpression[callee.name=/^(Map|Set|LRUCache)$/]`,
            message: 'no module-level cache in the server: keep state in what createApp is given (a fixed lookup table is typed ReadonlySet/ReadonlyMap)',
          },
        ]),
      ],
    },
  },
  {
    // Test code reads whatever JSON a server or fake sends back; typing every such body buys little.
    files: ['tests/**', 'flows/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Specs take `test` from e2e/support/test.ts: its pages run on Playwright's clock, and it carries
    // the `shop` and `shopper` fixtures every spec sets itself up with.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@playwright/test', importNames: ['test'], message: "import test from './support/test' (the page clock and the shop fixtures)" }],
      }],
    },
  },
  {
    // Node scripts and configuration: Node's globals.
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
