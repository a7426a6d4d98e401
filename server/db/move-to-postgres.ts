// Moving a shop from the embedded database to a PostgreSQL server: `DATABASE_URL=… npm run restore --
// <file>` with a backup made on the embedded database (`npm run backup -- <file>`, DATABASE_URL unset,
// the shop stopped). The backup is opened in memory, both databases are brought to the latest
// migration, and every table is copied row for row in one transaction on the server (foreign keys
// first, sequences carried on where they were), with the images staff uploaded (which the backup holds,
// in DATA_DIR/uploads) into the database, where every instance finds them. A server that already holds
// a shop is left alone unless told --force (its tables are then emptied first, in the same transaction).
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from './connect';

export class MoveError extends Error {}

/** Kysely's own bookkeeping: each side keeps its own after migrating. */
const MIGRATION_TABLES: ReadonlySet<string> = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Tables a migration itself fills (the default delivery schedule, fee setting and packing rules): rows there do not mean a shop lives here. */
const FILLED_BY_MIGRATIONS: ReadonlySet<string> = new Set(['delivery_schedule', 'delivery_fees', 'packing_settings']);
/** The names storeImage gives (modules/catalog/uploads.service.ts) and the types they stand for. */
const UPLOADED_NAME = /^[0-9a-f]{24}\.(jpg|png|webp)$/;
const UPLOADED_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const ROWS_PER_INSERT = 200;

export interface Moved {
  tables: number;
  rows: number;
  images: number;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The files of a tar archive under `uploads/` (PGlite's dump holds its data folder, DATA_DIR, whole). */
export function uploadedFilesIn(tar: Buffer): Array<{ name: string; bytes: Buffer }> {
  const files: Array<{ name: string; bytes: Buffer }> = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const parts = name.split('/');
    if ((type === '0' || type === '') && parts.at(-2) === 'uploads') files.push({ name: parts.at(-1)!, bytes: Buffer.from(tar.subarray(offset + 512, offset + 512 + size)) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Tables in an order where every table comes after those its foreign keys point to. */
function parentsFirst(tables: string[], references: Array<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { parent } of references.filter((reference) => reference.child === table && reference.parent !== table)) visit(parent);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

export async function movePgliteBackupToPostgres(archive: Buffer, databaseUrl: string, { force = false } = {}): Promise<Moved> {
  const source = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(archive)]) });
  // Both sides at the latest migration: the backup may come from an older shop.
  const embedded = await openDatabase({ dataDir: '', pglite: source });
  try {
    const target = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    await target.close();
    return await copyEverything(source, archive, databaseUrl, force);
  } finally {
    await embedded.close();
  }
}

async function copyEverything(source: PGlite, archive: Buffer, databaseUrl: string, force: boolean): Promise<Moved> {
  const tables = (await source.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)).rows
    .map((row) => row.name)
    .filter((name) => !MIGRATION_TABLES.has(name));
  const references = (
    await source.query<{ child: string; parent: string }>(
      `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
    )
  ).rows.map(({ child, parent }) => ({ child: child.replaceAll('"', ''), parent: parent.replaceAll('"', '') }));
  const jsonColumns = (
    await source.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('json', 'jsonb')`,
    )
  ).rows;
  const sequences = (await source.query<{ name: string }>(`SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = 'public'`)).rows.map((row) => row.name);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    // One query at a time: a pg client runs them in turn anyway, and warns when handed several at once.
    let holdsShop = false;
    for (const table of tables.filter((name) => !FILLED_BY_MIGRATIONS.has(name))) {
      if (Number((await client.query(`SELECT count(*) AS count FROM ${quoted(table)}`)).rows[0].count) > 0) holdsShop = true;
    }
    if (holdsShop && !force) throw new MoveError('The database already holds a shop: add --force to replace it with the backup.');
    // What is there (a forced replace, or only what the migrations wrote) gives way to the backup's rows.
    await client.query(`TRUNCATE ${tables.map(quoted).join(', ')} RESTART IDENTITY CASCADE`);
    let rows = 0;
    for (const table of parentsFirst(tables, references)) {
      const result = await source.query<Record<string, unknown>>(`SELECT * FROM ${quoted(table)}`);
      if (!result.rows.length) continue;
      const columns = result.fields.map((field) => field.name);
      const asJson = new Set(jsonColumns.filter((column) => column.table_name === table).map((column) => column.column_name));
      for (let start = 0; start < result.rows.length; start += ROWS_PER_INSERT) {
        const batch = result.rows.slice(start, start + ROWS_PER_INSERT);
        const values: unknown[] = [];
        const tuples = batch.map((row) => {
          const placeholders = columns.map((column) => {
            const value = row[column];
            // A JSON array would otherwise be sent as a PostgreSQL array.
            values.push(asJson.has(column) && value !== null ? JSON.stringify(value) : value);
            return `$${values.length}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await client.query(`INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')}) VALUES ${tuples.join(', ')}`, values);
      }
      rows += result.rows.length;
    }
    // Invoice numbers, outbox ids and the like go on from where the embedded shop stopped.
    for (const sequence of sequences) {
      const { last_value: lastValue, is_called: isCalled } = (await source.query<{ last_value: string; is_called: boolean }>(`SELECT last_value, is_called FROM ${quoted(sequence)}`)).rows[0];
      await client.query('SELECT setval($1, $2, $3)', [quoted(sequence), lastValue, isCalled]);
    }
    const images = uploadedFilesIn(gunzipSync(archive)).filter((file) => UPLOADED_NAME.test(file.name));
    for (const image of images) {
      await client.query('INSERT INTO uploaded_images (name, type, bytes) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [image.name, UPLOADED_TYPES[image.name.split('.')[1]], image.bytes]);
    }
    await client.query('COMMIT');
    return { tables: tables.length, rows, images: images.length };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
