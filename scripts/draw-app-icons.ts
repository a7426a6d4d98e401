// The installed app's icons (web/public/icons, named by the web app manifest in web/vite.config.ts),
// drawn from the shop's mark (web/public/favicon.svg) with resvg: 192 and 512 pixels as the mark is,
// and a "maskable" 512 whose mark sits inside the safe circle an Android launcher may crop to.
// Run once after changing the mark: node --import tsx scripts/draw-app-icons.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const root = path.resolve(import.meta.dirname, '..');
const mark = readFileSync(path.join(root, 'web/public/favicon.svg'), 'utf8');
const inner = mark.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const BRAND_GREEN = '#15803d';

await initWasm(readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')));

function png(svg: string, size: number): Uint8Array {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

// The mark fills its square, rounded corners and all.
writeFileSync(path.join(root, 'web/public/icons/icon-192.png'), png(mark, 192));
writeFileSync(path.join(root, 'web/public/icons/icon-512.png'), png(mark, 512));
// Maskable: a full green square, the mark scaled into the middle 80% (the safe zone is a circle of 80%).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${BRAND_GREEN}"/><g transform="translate(4 4)">${inner}</g></svg>`;
writeFileSync(path.join(root, 'web/public/icons/icon-maskable-512.png'), png(maskable, 512));
console.log('web/public/icons: icon-192.png, icon-512.png, icon-maskable-512.png');
