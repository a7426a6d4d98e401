// npm run build:server (part of npm run build): the server as one JavaScript file, dist/server/main.mjs
// (or the path given, inside this folder so its packages resolve), which npm start runs with plain node,
// and an empty embedded-database folder a first start copies instead of running initdb (server/db/pglite-folder.ts). Running the TypeScript through tsx at start-up kept a second
// JavaScript engine (tsx's loader thread) and every module's compiled text in memory, about 85 MB of
// resident memory of the 300 a shop on the embedded database may use (npm run bench load).
// Packages stay imports from node_modules. import.meta.dirname, .filename and .url keep naming each
// source file, so paths built from them (the images folder, the seed's pictures) stay where they are.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { prepareEmptyFolder } from '../server/db/pglite-folder';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each source file's import.meta.* as the file itself, not as the bundle, would see them. */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\/server\/.*\.ts$/ }, async ({ path: file }) => {
      const text = await readFile(file, 'utf8');
      const contents = text
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
        .replaceAll('import.meta.filename', JSON.stringify(file))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href));
      return { contents, loader: 'ts' };
    });
  },
};

await build({
  entryPoints: [path.join(ROOT, 'server/main.ts')],
  outfile: path.resolve(ROOT, process.argv[2] ?? 'dist/server/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // A stack trace in the log names the source file and line when the operator runs with --enable-source-maps.
  sourcemap: true,
  plugins: [sourceLocations],
  logLevel: 'warning',
});

await prepareEmptyFolder();
