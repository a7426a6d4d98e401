// Images staff upload for products and categories: the type is read from the file's first bytes
// (a name or a declared type proves nothing), the size is bounded, and the image is stored with a
// name we choose, served at /uploads/<name>. Where: on a PostgreSQL server in its uploaded_images
// table, so every instance serving the shop has it; on the embedded database (one process) as a
// file under DATA_DIR/uploads, beside it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShopDeps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { IMAGE_UPLOAD_FIELD, MAX_IMAGE_BYTES } from './staff-catalog.schema';

type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const UPLOADS_URL_PATH = '/uploads';
export const NOT_AN_IMAGE = 'Upload a JPEG, PNG or WebP image';
export const TOO_LARGE = `The image must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;

export const uploadsDir = (deps: Pick<ShopDeps, 'config'>) => path.resolve(deps.config.dataDir, 'uploads');

/** The image type the bytes say, whatever the file is called. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export interface StoredImage {
  image: string;
  type: ImageType;
  size: number;
}

type UploadDeps = Pick<ShopDeps, 'config' | 'db' | 'databaseKind'>;

export async function storeImage(deps: UploadDeps, file: unknown): Promise<StoredImage> {
  if (!(file instanceof File)) throw badRequest(NOT_AN_IMAGE, [{ msg: NOT_AN_IMAGE, param: IMAGE_UPLOAD_FIELD }], 'no_file');
  if (file.size > MAX_IMAGE_BYTES) throw new AppError(413, TOO_LARGE, 'payload_too_large', [{ msg: TOO_LARGE, param: IMAGE_UPLOAD_FIELD }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || bytes.length < 16) throw new AppError(415, NOT_AN_IMAGE, 'unsupported_media_type', [{ msg: NOT_AN_IMAGE, param: IMAGE_UPLOAD_FIELD }]);
  const name = `${newId()}.${EXTENSIONS[type]}`;
  if (deps.databaseKind === 'postgres') {
    await deps.db.insertInto('uploaded_images').values({ name, type, bytes }).execute();
  } else {
    const directory = uploadsDir(deps);
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, name), bytes, { flag: 'wx' });
  }
  return { image: `${UPLOADS_URL_PATH}/${name}`, type, size: bytes.length };
}

const STORED_NAME = /^[0-9a-f]{24}\.(jpg|png|webp)$/;
const TYPES_BY_EXTENSION: Record<string, ImageType> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const ownBytes = (bytes: Uint8Array) => new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);

/**
 * An uploaded image by the name storeImage gave it; undefined for any other name or a missing image.
 * On PostgreSQL, a file in DATA_DIR/uploads is still found: one uploaded before the shop moved there.
 */
export async function readUploadedImage(deps: UploadDeps, name: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: ImageType } | undefined> {
  const match = STORED_NAME.exec(name);
  if (!match) return undefined;
  const type = TYPES_BY_EXTENSION[match[1]];
  if (deps.databaseKind === 'postgres') {
    const row = await deps.db.selectFrom('uploaded_images').select('bytes').where('name', '=', name).executeTakeFirst();
    if (row) return { bytes: ownBytes(row.bytes), type };
  }
  const bytes = await readFile(path.join(uploadsDir(deps), name)).catch(() => undefined);
  return bytes && { bytes: ownBytes(bytes), type };
}
