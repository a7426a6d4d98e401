// A PNG of one of the shop's SVG drawings, for the channels that cannot show SVG (WhatsApp's image
// header, e-mail). Drawn with resvg (a kept SVG renderer, as WebAssembly: no platform binary) when
// draw-images.ts runs; the PNG carries the SHA-256 of the SVG it was drawn from, so a test can tell a
// PNG left behind by an older drawing.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/** The PNG text chunk's keyword under which the source SVG's SHA-256 (hex) is kept. */
export const SOURCE_KEYWORD = 'Source SVG SHA-256';

/** A 200-pixel tile becomes 400 pixels wide: sharp on a phone's screen and in an e-mail, ~10 KB. */
const MIN_WIDTH = 400;

const wasm: { ready?: Promise<void> } = {};

function loadRenderer(): Promise<void> {
  const require = createRequire(import.meta.url);
  wasm.ready ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')).then((bytes) => initWasm(bytes));
  return wasm.ready;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a text chunk right after its header (IHDR: 8 bytes of signature, then 25 of chunk). */
function withText(png: Uint8Array, keyword: string, text: string): Buffer {
  const bytes = Buffer.from(png);
  const afterHeader = 8 + 25;
  return Buffer.concat([bytes.subarray(0, afterHeader), chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')), bytes.subarray(afterHeader)]);
}

/** The drawing as PNG, at least 400 pixels wide; `background` fills what the drawing leaves transparent. */
export async function rasterRendition(svg: string, background?: string): Promise<Buffer> {
  await loadRenderer();
  const probe = new Resvg(svg);
  const width = probe.width;
  probe.free();
  const renderer = new Resvg(svg, { fitTo: { mode: 'width', value: Math.max(MIN_WIDTH, width) }, ...(background ? { background } : {}) });
  const png = renderer.render().asPng();
  renderer.free();
  return withText(png, SOURCE_KEYWORD, sha256(svg));
}
