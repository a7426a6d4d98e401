// Lint, run by `npm test` beside the type check: typescript-eslint's recommended rules (syntax only,
// so it stays fast: the type check already reads the types), the layers each side imports through,
// and no import cycles. Dead code (unused files, exports, types, packages) is knip's job (knip.json).
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

// The storefront's layers: shared (components/ui, lib) → features → app. app/paths.ts (the route
// table every feature links with) is the one file of app a feature may import.
const webZones = [
  zone('./web/src/components', ['./web/src/features', './web/src/app'], 'shared components never import a feature or the app'),
  zone('./web/src/lib', ['./web/src/features', './web/src/app'], 'web/src/lib never imports a feature or the app'),
  {
    target: './web/src/features',
    from: './web/src/app',
    // Known exception: the staff console (an app of its own under /admin) resets the app's error
    // boundary per page inside its frame, so a failing screen keeps the console's navigation.
    except: ['./paths.ts', './error-boundary.tsx'],
    message: 'features are put together by the app, never the reverse (app/paths.ts excepted)',
  },
  zone(
    './web/src',
    // Known exception: the chat widget types its cards and options with render-chat.ts's types (type
    // imports only, nothing of the engine is bundled). They belong in a schema file of their own, which
    // is the conversation engine refactor's to move.
    ['./server/modules/*/!(*.schema).ts', './server/conversation/!(render-chat).ts', './server/conversation/*/**', './server/channels/**/!(*.schema).ts', './server/db/**', './server/*.ts'],
    "the web shares only the server's zod schemas (modules/*/*.schema.ts, channels/*.schema.ts) and server/lib",
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
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
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
