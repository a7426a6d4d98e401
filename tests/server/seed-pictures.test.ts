// Every product and category of the seed has a picture of its own: no two share a drawing (the
// same shape in the same colour), and no two drawn files are the same once their titles are set aside.
// Each has a PNG rendition too, for the channels that cannot show SVG (WhatsApp, e-mail).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedCategories, seedProducts } from '../../server/modules/catalog/seed/catalog';
import { sha256, SOURCE_KEYWORD } from '../../server/modules/catalog/seed/raster-rendition';
import { rasterPicture } from '../../server/modules/catalog/raster-picture';
import { decodePng, pngInfo } from '../support/png';

const STATIC_DIR = new URL('../../server/static', import.meta.url);

/** Groups of ids that share a value. */
function shared(entries: [id: string, value: string][]): string[][] {
  const byValue = new Map<string, string[]>();
  for (const [id, value] of entries) byValue.set(value, [...(byValue.get(value) ?? []), id]);
  return [...byValue.values()].filter((ids) => ids.length > 1);
}

const all = [...seedProducts, ...seedCategories];

describe('seed pictures', () => {
  it('never draws two products or categories with the same shape and colour', () => {
    expect(shared(all.map((item) => [item.id, `${item.art.kind} ${item.art.color}`]))).toEqual([]);
  });

  it('never ships two identical picture files', () => {
    const drawing = (image: string) => readFileSync(new URL(`.${image}`, `${STATIC_DIR.href}/`), 'utf8').replace(/<title>[^<]*<\/title>/, '');
    expect(shared(all.map((item) => [item.id, drawing(item.image)]))).toEqual([]);
    expect(new Set(seedProducts.map((product) => product.image)).size).toBe(seedProducts.length);
  });
});

const fileOf = (image: string) => new URL(`.${image}`, `${STATIC_DIR.href}/`);

/** How many different colours a picture uses: a blank or failed rendering has one or two. */
function colourCount(png: ReturnType<typeof decodePng>): number {
  const colours = new Set<number>();
  for (let at = 0; at < png.pixels.length; at += png.channels * 7) colours.add(png.pixels.readUIntBE(at, Math.min(png.channels, 4)));
  return colours.size;
}

function seeThroughPixels(png: ReturnType<typeof decodePng>): number {
  let count = 0;
  for (let alpha = 3; alpha < png.pixels.length; alpha += 4) if (png.pixels[alpha] !== 255) count += 1;
  return count;
}

describe('pictures for channels without SVG', () => {
  it('every seed product and category has a PNG of its own drawing, square, 400 pixels or more, opaque and not blank', () => {
    for (const item of all) {
      const raster = rasterPicture(item.image);
      expect(raster, item.id).toMatch(/^\/images\/.+\.png$/);
      const bytes = readFileSync(fileOf(raster!));
      expect(bytes.length, item.id).toBeLessThan(100 * 1024);
      const png = decodePng(bytes);
      expect([png.width, png.height], item.id).toEqual([400, 400]);
      expect(png.channels, item.id).toBe(4);
      // Opaque to the corners: an app that turns it into JPEG would blacken transparent ones.
      expect(seeThroughPixels(png), item.id).toBe(0);
      expect(colourCount(png), item.id).toBeGreaterThan(8);
      expect(png.text[SOURCE_KEYWORD], `${item.id}: the PNG is of an older drawing; run server/modules/catalog/seed/draw-images.ts`).toBe(sha256(readFileSync(fileOf(item.image), 'utf8')));
    }
  });

  it('every SVG the shop serves under /images has a PNG drawn from it beside it', () => {
    const images = new URL('images/', `${STATIC_DIR.href}/`);
    const drawings = readdirSync(images, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.svg'));
    expect(drawings.length).toBeGreaterThan(all.length);
    for (const name of drawings) {
      const png = pngInfo(readFileSync(new URL(name.replace(/\.svg$/, '.png'), images)));
      expect(png.width, name).toBeGreaterThanOrEqual(400);
      expect(png.text[SOURCE_KEYWORD], name).toBe(sha256(readFileSync(new URL(name, images), 'utf8')));
    }
  });
});
