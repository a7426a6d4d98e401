// Draws the catalog's pictures as small SVG files under server/static/images, so the shop never
// depends on another host for an image. Run: node --import tsx server/modules/catalog/seed/draw-images.ts
// Each picture is built from a few shapes picked by the product's art kind and coloured from the catalog.
// Beside each SVG goes a PNG of it (resvg), for the channels that cannot show SVG: WhatsApp's image
// header and e-mail. Both are committed, so neither the server nor a build renders anything.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rasterRendition } from './raster-rendition';
import { seedCategories, seedProducts, type ArtKind, type SeedArt } from './catalog';

const IMAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'static', 'images');

type Draw = (c: string, a: string) => string;

function parseHex(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(from: string, to: string, amount: number): string {
  const x = parseHex(from);
  const y = parseHex(to);
  const out = x.map((v, i) => Math.round(v + (y[i] - v) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const dark = (c: string, t = 0.25) => mix(c, '#000000', t);
const light = (c: string, t = 0.4) => mix(c, '#ffffff', t);

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const shine = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff" opacity=".35"/>`;

const leaf = (x: number, y: number, a: string, turn = -30) =>
  `<path d="M${x} ${y}q14-18 30-12q-12 18-30 12z" fill="${a}" transform="rotate(${turn} ${x} ${y})"/>`;

// Every drawing fits the 200x200 square with its base near y=168, so the shadow lines up for all kinds.
const draw: Record<ArtKind, Draw> = {
  round: (c, a) =>
    `<circle cx="100" cy="110" r="58" fill="${c}"/>${shine(78, 88, 16, 10)}` +
    `<path d="M100 54v-12" stroke="${dark(a)}" stroke-width="5" stroke-linecap="round"/>${leaf(102, 48, a)}`,
  oval: (c, a) =>
    `<ellipse cx="100" cy="110" rx="46" ry="60" fill="${c}" transform="rotate(-20 100 110)"/>` +
    `${shine(84, 84, 10, 16)}${leaf(112, 52, a, -60)}`,
  cluster: (c, a) => {
    const spots = [
      [70, 130],
      [106, 136],
      [140, 124],
      [86, 100],
      [124, 96],
      [104, 70],
    ];
    return (
      spots
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="24" fill="${c}" stroke="${dark(c)}" stroke-width="2"/>`)
        .join('') +
      spots.map(([x, y]) => shine(x - 8, y - 8, 6, 4)).join('') +
      `<path d="M96 52l8 10l8-10" stroke="${a}" stroke-width="5" fill="none" stroke-linecap="round"/>`
    );
  },
  leafy: (c, a) =>
    [-40, -20, 0, 20, 40]
      .map(
        (turn) =>
          `<g transform="rotate(${turn} 100 160)"><path d="M100 160c-30-40-26-90 0-120c26 30 30 80 0 120z" fill="${
            turn === 0 ? light(c, 0.1) : c
          }" stroke="${dark(c)}" stroke-width="2"/><path d="M100 150v-96" stroke="${dark(c, 0.35)}" stroke-width="2"/></g>`,
      )
      .join('') + `<rect x="88" y="146" width="24" height="12" rx="4" fill="${a}"/>`,
  cabbage: (c, a) =>
    `<circle cx="100" cy="110" r="60" fill="${c}"/>` +
    `<path d="M54 84q46-40 92 0M48 114q52-50 104 0M60 150q40-60 80 0" stroke="${a}" stroke-width="5" fill="none"/>` +
    `<path d="M100 52v108" stroke="${light(c, 0.5)}" stroke-width="4"/>`,
  tuber: (c, a) =>
    [
      [74, 128, 36, 28, -15],
      [128, 130, 34, 26, 20],
      [100, 92, 38, 28, 5],
    ]
      .map(
        ([x, y, rx, ry, turn]) =>
          `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${c}" stroke="${dark(c)}" stroke-width="2" transform="rotate(${turn} ${x} ${y})"/>` +
          `<circle cx="${x - 10}" cy="${y - 4}" r="3" fill="${a}"/><circle cx="${x + 12}" cy="${y + 6}" r="3" fill="${a}"/>`,
      )
      .join(''),
  long: (c, a) =>
    `<path d="M40 160q-4-14 10-22l96-88q16-6 14 14l-90 96q-14 12-30 0z" fill="${c}" stroke="${dark(c)}" stroke-width="2"/>` +
    `<path d="M70 124l14 6M92 100l14 6M114 78l12 6" stroke="${dark(c)}" stroke-width="3" stroke-linecap="round"/>` +
    `<ellipse cx="150" cy="58" rx="16" ry="12" fill="${a}" transform="rotate(-45 150 58)"/>`,
  bulb: (c, a) =>
    `<path d="M100 40q10 30 40 52q22 26 0 56q-40 26-80 0q-22-30 0-56q30-22 40-52z" fill="${c}" stroke="${dark(c)}" stroke-width="2"/>` +
    `<path d="M100 50q-30 50 0 106M100 50q30 50 0 106M100 50v106" stroke="${a}" stroke-width="3" fill="none"/>` +
    `<path d="M90 160l-6 10M100 160v12M110 160l6 10" stroke="${dark(c)}" stroke-width="3"/>`,
  bananas: (c, a) =>
    [-24, -8, 8, 24]
      .map(
        (turn) =>
          `<path d="M100 62q-60 40-20 100q8 8 12-2q-30-50 16-92z" fill="${c}" stroke="${dark(c)}" stroke-width="2" transform="rotate(${turn} 100 62)"/>`,
      )
      .join('') + `<rect x="90" y="40" width="20" height="26" rx="6" fill="${a}"/>`,
  pineapple: (c, a) =>
    `<path d="M100 72l-24-40l20 18l4-26l8 26l18-18z" fill="${a}"/>` +
    `<ellipse cx="100" cy="118" rx="44" ry="52" fill="${c}" stroke="${dark(c)}" stroke-width="2"/>` +
    `<path d="M66 90l68 60M60 116l50 46M80 72l60 56M134 90l-68 60M140 116l-50 46M120 72l-60 56" stroke="${dark(c, 0.3)}" stroke-width="3"/>`,
  pods: (c, a) =>
    [-20, 0, 20]
      .map(
        (turn) =>
          `<g transform="rotate(${turn} 100 110)"><path d="M96 46q-20 60 4 118q10 2 8-8q-16-50 0-108z" fill="${c}" stroke="${dark(c)}" stroke-width="2"/><path d="M98 46v-10" stroke="${a}" stroke-width="5" stroke-linecap="round"/></g>`,
      )
      .join(''),
  pile: (c, a) => {
    const beans: string[] = [];
    for (let row = 0; row < 4; row++) {
      for (let i = 0; i < 6 - row; i++) {
        const x = 58 + row * 8 + i * 17;
        const y = 116 - row * 13;
        const fill = (row + i) % 3 === 0 ? a : c;
        beans.push(`<ellipse cx="${x}" cy="${y}" rx="10" ry="7" fill="${fill}" stroke="${dark(c)}"/>`);
      }
    }
    return (
      beans.join('') +
      `<path d="M36 118h128q-6 50-64 50q-58 0-64-50z" fill="#b98552" stroke="#8a5e36" stroke-width="3"/>` +
      `<path d="M50 132q50 12 100 0" stroke="#d9a977" stroke-width="3" fill="none"/>`
    );
  },
  sack: (c, a) =>
    `<path d="M64 60q36 12 72 0l12 30q10 50-6 74q-42 10-84 0q-16-24-6-74z" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<path d="M70 58q30-22 60 0" fill="${c}" stroke="${dark(c)}" stroke-width="3"/><rect x="74" y="60" width="52" height="8" rx="4" fill="${a}"/>` +
    `<rect x="66" y="104" width="68" height="34" rx="6" fill="${a}" opacity=".8"/><circle cx="100" cy="121" r="10" fill="${light(a, 0.6)}"/>`,
  bottle: (c, a) =>
    `<path d="M88 40h24v24q20 12 20 36v60q0 10-10 10h-44q-10 0-10-10v-60q0-24 20-36z" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<rect x="86" y="30" width="28" height="14" rx="3" fill="${a}"/><rect x="68" y="108" width="64" height="34" fill="${a}" opacity=".85"/>` +
    `<rect x="78" y="116" width="44" height="6" rx="3" fill="${light(a, 0.6)}"/>${shine(80, 90, 4, 14)}`,
  carton: (c, a) =>
    `<path d="M62 70h60v100h-60z" fill="${c}" stroke="${dark(c, 0.15)}" stroke-width="2"/>` +
    `<path d="M122 70l22-14v100l-22 14z" fill="${dark(c, 0.12)}"/><path d="M62 70l12-28h60l10 14l-22 14z" fill="${light(c, 0.2)}" stroke="${dark(c, 0.15)}" stroke-width="2"/>` +
    `<rect x="74" y="34" width="58" height="8" fill="${dark(c, 0.1)}"/><path d="M62 110q30-16 60 0v24h-60z" fill="${a}"/><circle cx="92" cy="92" r="9" fill="${a}"/>`,
  tin: (c, a) =>
    `<rect x="58" y="62" width="84" height="100" fill="${c}"/><ellipse cx="100" cy="162" rx="42" ry="10" fill="${dark(c)}"/>` +
    `<ellipse cx="100" cy="62" rx="42" ry="10" fill="#d5d9dc" stroke="#9aa2a8" stroke-width="2"/><rect x="58" y="98" width="84" height="24" fill="${a}"/>` +
    `<circle cx="100" cy="110" r="9" fill="${c}"/><rect x="64" y="70" width="8" height="86" fill="#fff" opacity=".25"/>`,
  jar: (c, a) =>
    `<rect x="60" y="66" width="80" height="100" rx="18" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<rect x="66" y="44" width="68" height="24" rx="5" fill="${a}"/><rect x="70" y="96" width="60" height="40" rx="6" fill="#fff" opacity=".7"/>` +
    `<circle cx="100" cy="116" r="11" fill="${a}"/>${shine(70, 100, 4, 20)}`,
  packet: (c, a) =>
    `<path d="M62 48h76l6 116h-88z" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<path d="M62 48l6-8l6 8l6-8l6 8l6-8l6 8l6-8l6 8l6-8l6 8l6-8l6 8" fill="none" stroke="${dark(c)}" stroke-width="3"/>` +
    `<rect x="72" y="88" width="56" height="44" rx="8" fill="${a}"/><circle cx="100" cy="110" r="12" fill="${light(a, 0.55)}"/>` +
    `<rect x="72" y="144" width="56" height="6" rx="3" fill="${a}"/>`,
  eggs: (c, a) => {
    const eggs: string[] = [];
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 4; col++) {
        eggs.push(`<ellipse cx="${52 + col * 32}" cy="${86 + row * 28}" rx="13" ry="16" fill="${c}" stroke="${dark(c, 0.2)}"/>`);
      }
    }
    return `<rect x="30" y="66" width="140" height="98" rx="10" fill="${a}" stroke="${dark(a)}" stroke-width="3"/>${eggs.join('')}`;
  },
  fish: (c, a) =>
    `<path d="M30 108q50-56 110-8l30-28v72l-30-28q-60 48-110-8z" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<path d="M86 78q14-16 30 2M84 130q14 16 28 0" fill="${a}" stroke="${dark(c)}" stroke-width="2"/>` +
    `<circle cx="56" cy="102" r="6" fill="#fff"/><circle cx="56" cy="102" r="3" fill="#222"/>` +
    `<path d="M72 92q8 16 0 30" stroke="${dark(c)}" stroke-width="3" fill="none"/>${shine(100, 96, 20, 5)}`,
  meat: (c, a) =>
    `<path d="M44 96q10-46 70-44q52 2 50 48q-2 54-64 60q-62-6-56-64z" fill="${a}"/>` +
    `<path d="M54 100q8-36 60-36q40 2 40 38q0 44-52 48q-52-4-48-50z" fill="${c}"/>` +
    `<circle cx="122" cy="100" r="12" fill="${a}" stroke="${dark(a, 0.15)}" stroke-width="3"/>` +
    `<path d="M70 90q20 10 36-4M74 124q16 8 34-2" stroke="${light(c, 0.35)}" stroke-width="3" fill="none"/>`,
  chicken: (c, a) =>
    `<ellipse cx="100" cy="116" rx="58" ry="44" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<path d="M52 90q-24-20-10-32q14-6 26 14z" fill="${a}"/><path d="M148 90q24-20 10-32q-14-6-26 14z" fill="${a}"/>` +
    `<circle cx="40" cy="56" r="8" fill="#fff"/><circle cx="160" cy="56" r="8" fill="#fff"/>` +
    `<path d="M70 104q30-22 60 0" stroke="${a}" stroke-width="4" fill="none"/>${shine(84, 100, 18, 8)}`,
  loaf: (c, a) =>
    `<path d="M34 140q-8-74 66-78q74 4 66 78q0 20-20 20h-92q-20 0-20-20z" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<path d="M66 84l18 26M96 76l18 28M126 82l16 24" stroke="${a}" stroke-width="6" stroke-linecap="round"/>${shine(62, 104, 8, 14)}`,
  flatbread: (c, a) =>
    `<ellipse cx="100" cy="118" rx="72" ry="48" fill="${c}" stroke="${dark(c, 0.15)}" stroke-width="3"/>` +
    `<ellipse cx="100" cy="118" rx="48" ry="30" fill="none" stroke="${a}" stroke-width="3" opacity=".6"/>` +
    `<ellipse cx="100" cy="118" rx="24" ry="14" fill="none" stroke="${a}" stroke-width="3" opacity=".6"/>` +
    `<circle cx="70" cy="104" r="5" fill="${a}"/><circle cx="132" cy="128" r="6" fill="${a}"/><circle cx="118" cy="96" r="4" fill="${a}"/>`,
  pastry: (c, a) =>
    `<path d="M100 48q10 0 16 10l48 88q4 14-12 16h-104q-16-2-12-16l48-88q6-10 16-10z" fill="${c}" stroke="${dark(c)}" stroke-width="3"/>` +
    `<path d="M100 66l-40 76M100 66l40 76" stroke="${a}" stroke-width="3" fill="none" opacity=".7"/>${shine(92, 94, 6, 16)}`,
};

function pictureBody(art: SeedArt): string {
  const accent = art.accent ?? dark(art.color);
  return draw[art.kind](art.color, accent);
}

// Pale things (milk, flour, rice) vanish on a pale tint of themselves, so they borrow the accent's tint.
function backgroundFor(art: SeedArt): string {
  const base = luminance(art.color) > 0.8 && art.accent ? art.accent : art.color;
  return mix(base, '#ffffff', 0.86);
}

export function drawPicture(title: string, art: SeedArt): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">` +
    `<title>${escapeXml(title)}</title><rect width="200" height="200" rx="24" fill="${backgroundFor(art)}"/>` +
    `<ellipse cx="100" cy="172" rx="64" ry="9" fill="#000" opacity=".08"/>${pictureBody(art)}</svg>\n`
  );
}

// A picture from the catalog drawn at a position and size inside a larger scene.
const placed = (art: SeedArt, x: number, y: number, scale: number) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">${pictureBody(art)}</g>`;

function wide(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500" width="1200" height="500" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>\n`
  );
}

// Rolling hills behind every slide: Rwanda is the land of a thousand hills.
const hills = (back: string, front: string) =>
  `<path d="M0 330q150-90 300-20t320-40t300 10t280-30v250h-1200z" fill="${back}"/>` +
  `<path d="M0 400q200-70 420-10t400-20t380 0v130h-1200z" fill="${front}"/>`;

const sun = (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="54" fill="#ffd86b" opacity=".9"/>`;

function heroFreshVegetables(): string {
  return wide(
    'Fresh vegetables and fruits',
    `<rect width="1200" height="500" fill="#e6f4df"/>${sun(1040, 110)}${hills('#b9dca6', '#8cc478')}` +
      `<path d="M600 300h420l-40 170h-340z" fill="#b98552" stroke="#8a5e36" stroke-width="6"/>` +
      `<path d="M612 350h396M626 410h368" stroke="#8a5e36" stroke-width="5"/>` +
      placed({ kind: 'leafy', color: '#3f8f3a', accent: '#6f9e48' }, 590, 110, 1.2) +
      placed({ kind: 'round', color: '#d9362b', accent: '#3f7d2e' }, 700, 150, 1) +
      placed({ kind: 'bananas', color: '#6fa03a', accent: '#4a6e25' }, 800, 100, 1.1) +
      placed({ kind: 'oval', color: '#3d5e2a', accent: '#c9d77a' }, 880, 170, 0.9) +
      placed({ kind: 'pineapple', color: '#e3a52e', accent: '#4e8c3a' }, 520, 140, 1),
  );
}

// Drawings end at y=166 in their own frame; the shelf top is at y=410.
const onShelf = (art: SeedArt, x: number, scale: number) => placed(art, x, Math.round(410 - 166 * scale), scale);

function heroQualityGroceries(): string {
  return wide(
    'Quality grocery products',
    `<rect width="1200" height="500" fill="#fbf1e1"/>${sun(120, 100)}` +
      `<rect x="80" y="410" width="1040" height="18" rx="6" fill="#c0892f"/><rect x="100" y="428" width="1000" height="60" fill="#e9d6b4"/>` +
      onShelf({ kind: 'sack', color: '#f4ecd6', accent: '#e0b83a' }, 140, 1.3) +
      onShelf({ kind: 'bottle', color: '#f2c21a', accent: '#d23a1a' }, 360, 1.1) +
      onShelf({ kind: 'carton', color: '#f4f6f8', accent: '#2f7bc4' }, 520, 1.25) +
      onShelf({ kind: 'jar', color: '#e0a21a', accent: '#8a4b1c' }, 710, 1.05) +
      onShelf({ kind: 'tin', color: '#d23a2a', accent: '#3f8f3a' }, 860, 1) +
      onShelf({ kind: 'packet', color: '#2f6b3a', accent: '#d9b44a' }, 970, 1.15),
  );
}

function heroFastDelivery(): string {
  return wide(
    'Fast and reliable delivery',
    `<rect width="1200" height="500" fill="#e3f0fa"/>${sun(1060, 100)}${hills('#c8e0b8', '#a3cc8c')}` +
      `<path d="M0 440q600-60 1200 0v60h-1200z" fill="#8a8f94"/><path d="M80 462h120M320 450h120M560 446h120M800 450h120M1040 462h100" stroke="#f4f6f8" stroke-width="8" stroke-linecap="round"/>` +
      `<g transform="translate(470 250)"><circle cx="60" cy="170" r="42" fill="#333"/><circle cx="60" cy="170" r="16" fill="#bbb"/>` +
      `<circle cx="240" cy="170" r="42" fill="#333"/><circle cx="240" cy="170" r="16" fill="#bbb"/>` +
      `<path d="M60 170l50-70h100l30 70z" fill="#2f7bc4"/><path d="M200 100l20-60h30" stroke="#333" stroke-width="10" fill="none" stroke-linecap="round"/>` +
      `<rect x="10" y="40" width="100" height="70" rx="8" fill="#3f8f3a"/><rect x="10" y="66" width="100" height="10" fill="#e8f0d8"/>` +
      `<circle cx="160" cy="30" r="20" fill="#f2c21a"/><path d="M140 60h40l10 50h-60z" fill="#f29a2a"/></g>` +
      `<path d="M250 300h150M200 340h180M270 380h120" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".8"/>`,
  );
}

function fallback(title: string, tint: string, ink: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img">` +
    `<title>${escapeXml(title)}</title><rect width="200" height="200" rx="24" fill="${tint}"/>` +
    `<path d="M40 88h120l-14 72h-92z" fill="${ink}" opacity=".55"/><path d="M70 88l22-40M130 88l-22-40" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M62 110h76M58 134h84" stroke="${tint}" stroke-width="6"/></svg>\n`
  );
}

/**
 * Writes the SVG and its PNG. `tint` fills the tile's rounded-off corners in the PNG: a messaging app
 * that turns a picture into JPEG would blacken transparent corners.
 */
async function write(relativePath: string, svg: string, limit: number, tint?: string): Promise<void> {
  const path = join(IMAGES_DIR, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, svg);
  if (Buffer.byteLength(svg) > limit) console.warn(`warning: ${relativePath} is ${Buffer.byteLength(svg)} bytes`);
  writeFileSync(path.replace(/\.svg$/, '.png'), await rasterRendition(svg, tint));
}

const FALLBACKS = [
  ['default-image.svg', 'Product image', '#eef0f2', '#8a949c'],
  ['placeholder.svg', 'Image loading', '#f4f5f6', '#b8bfc5'],
] as const;

async function main(): Promise<void> {
  for (const item of [...seedCategories, ...seedProducts]) {
    await write(item.image.replace(/^\/images\//, ''), drawPicture(item.name, item.art), 2048, backgroundFor(item.art));
  }
  for (const [file, title, tint, ink] of FALLBACKS) await write(file, fallback(title, tint, ink), 2048, tint);
  await write('hero/fresh-vegetables.svg', heroFreshVegetables(), 4096);
  await write('hero/quality-groceries.svg', heroQualityGroceries(), 4096);
  await write('hero/fast-delivery.svg', heroFastDelivery(), 4096);
  console.log(`Drew ${seedCategories.length} category and ${seedProducts.length} product images (SVG and PNG) in ${IMAGES_DIR}.`);
}

await main();
