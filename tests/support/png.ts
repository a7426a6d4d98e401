// Reads a PNG the way an image viewer would, for tests: the signature, every chunk's CRC, the header,
// the compressed pixels inflated and unfiltered row by row. 8-bit greyscale, RGB, grey+alpha and RGBA,
// not interlaced (what resvg and most encoders write); anything else, or any damage, throws.
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** Bytes per pixel: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA. */
  channels: number;
  pixels: Buffer;
  /** tEXt chunks: keyword → text. */
  text: Record<string, string>;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  if (pa <= pb && pa <= pc) return left;
  return pb <= pc ? up : upLeft;
}

function unfilter(data: Buffer, width: number, height: number, channels: number): Buffer {
  const stride = width * channels;
  if (data.length !== height * (stride + 1)) throw new Error(`pixel data is ${data.length} bytes, expected ${height * (stride + 1)}`);
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    const from = y * (stride + 1) + 1;
    const row = y * stride;
    const above = row - stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? out[row + x - channels] : 0;
      const up = y > 0 ? out[above + x] : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, y > 0 && x >= channels ? out[above + x - channels] : 0);
      else throw new Error(`unknown filter ${filter} on row ${y}`);
      out[row + x] = (data[from + x] + predicted) & 255;
    }
  }
  return out;
}

interface PngChunks {
  width: number;
  height: number;
  channels: number;
  /** The IDAT chunks' compressed pixels, joined. */
  data: Buffer;
  text: Record<string, string>;
}

function readChunks(bytes: Buffer): PngChunks {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG (signature)');
  let offset = 8;
  let header: { width: number; height: number; channels: number } | undefined;
  const data: Buffer[] = [];
  const text: Record<string, string> = {};
  for (;;) {
    if (offset + 12 > bytes.length) throw new Error('truncated before IEND');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) throw new Error(`bad CRC in ${type}`);
    offset += 12 + length;
    if (type === 'IHDR') {
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || !CHANNELS[colour] || interlace !== 0) throw new Error(`unsupported PNG: depth ${depth}, colour ${colour}, interlace ${interlace}`);
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), channels: CHANNELS[colour] };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'tEXt') {
      const split = body.indexOf(0);
      text[body.toString('latin1', 0, split)] = body.toString('latin1', split + 1);
    } else if (type === 'IEND') break;
  }
  if (!header) throw new Error('no IHDR');
  return { ...header, data: Buffer.concat(data), text };
}

/** The header and text of a PNG whose chunks are whole, without decoding its pixels. */
export function pngInfo(bytes: Buffer): Omit<DecodedPng, 'pixels'> {
  const { width, height, channels, text } = readChunks(bytes);
  return { width, height, channels, text };
}

export function decodePng(bytes: Buffer): DecodedPng {
  const { data, ...png } = readChunks(bytes);
  return { ...png, pixels: unfilter(inflateSync(data), png.width, png.height, png.channels) };
}
