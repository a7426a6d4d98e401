// PostgreSQL's extended query protocol, spoken straight to embedded PGlite. PGlite's own query()
// sends six messages in six calls into WebAssembly and parses and plans the SQL every time; here a
// statement is parsed and planned once (a named prepared statement, like a pooled driver's), then each
// run is one call: Bind, Execute, Sync in, rows out. Rows, values and errors come out exactly as
// PGlite's query() gives them: the same type parsers and serializers (PGlite's own tables), the same
// affected-row count, and PGlite's DatabaseError with the server's code and fields.
import { messages, protocol, type PGlite } from '@electric-sql/pglite';

interface Field {
  name: string;
  type: number;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: Field[];
}

export interface WireResult {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

/** How many prepared statements the connection keeps (Kysely's `in (...)` lists make a few per shape). */
const STATEMENT_CACHE_SIZE = 256;

/** Statements worth preparing: the same text is run again and again with new values. */
const REUSABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that change no schema: running one keeps every prepared statement valid. */
const KEEPS_SCHEMA = /^\s*(select|insert|update|delete|with|begin|start|commit|end|rollback|abort|savepoint|release|set|show|lock|values|explain)\b/i;

/** The reply buffer's usual size, and the most it keeps after a large reply. */
const REPLY_BUFFER = 64 * 1024;
const REPLY_BUFFER_MAX = 1024 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A growing buffer of frontend messages, sent as one. */
class Outgoing {
  private bytes = new Uint8Array(4096);
  private length = 0;
  private messageStart = 0;

  private room(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  begin(code: string): this {
    this.room(5);
    this.messageStart = this.length;
    this.bytes[this.length] = code.charCodeAt(0);
    this.length += 5;
    return this;
  }

  end(): this {
    const size = this.length - this.messageStart - 1;
    const view = this.bytes;
    view[this.messageStart + 1] = size >>> 24;
    view[this.messageStart + 2] = (size >>> 16) & 0xff;
    view[this.messageStart + 3] = (size >>> 8) & 0xff;
    view[this.messageStart + 4] = size & 0xff;
    return this;
  }

  int16(value: number): this {
    this.room(2);
    this.bytes[this.length++] = (value >>> 8) & 0xff;
    this.bytes[this.length++] = value & 0xff;
    return this;
  }

  int32(value: number): this {
    this.room(4);
    this.bytes[this.length++] = value >>> 24;
    this.bytes[this.length++] = (value >>> 16) & 0xff;
    this.bytes[this.length++] = (value >>> 8) & 0xff;
    this.bytes[this.length++] = value & 0xff;
    return this;
  }

  /** Text with its byte length in front (a Bind value). */
  sized(text: string): this {
    this.room(4 + text.length * 3);
    const written = encoder.encodeInto(text, this.bytes.subarray(this.length + 4)).written;
    this.int32(written);
    this.length += written;
    return this;
  }

  /** NUL-terminated text (names and SQL). */
  cstring(text: string): this {
    this.room(text.length * 3 + 1);
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
    this.bytes[this.length++] = 0;
    return this;
  }

  /** Drops whatever a failed attempt left half written. */
  reset(): this {
    this.length = 0;
    return this;
  }

  take(): Uint8Array {
    const message = this.bytes.slice(0, this.length);
    this.length = 0;
    return message;
  }
}

/** Reads one reply: the messages PGlite wrote back for one call. */
class Incoming {
  private offset = 0;
  code = 0;
  start = 0;
  end = 0;

  constructor(private readonly bytes: Uint8Array) {}

  next(): boolean {
    if (this.offset + 5 > this.bytes.length) return false;
    const bytes = this.bytes;
    this.code = bytes[this.offset];
    const size = ((bytes[this.offset + 1] << 24) | (bytes[this.offset + 2] << 16) | (bytes[this.offset + 3] << 8) | bytes[this.offset + 4]) >>> 0;
    this.start = this.offset + 5;
    this.end = this.offset + 1 + size;
    this.offset = this.end;
    return true;
  }

  byte(at: number): number {
    return this.bytes[at];
  }

  int16(at: number): number {
    return (this.bytes[at] << 8) | this.bytes[at + 1];
  }

  int32(at: number): number {
    const bytes = this.bytes;
    return (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
  }

  /** The NUL-terminated text at `at`, and where it ends. */
  cstring(at: number): [string, number] {
    const nul = this.bytes.indexOf(0, at);
    return [decoder.decode(this.bytes.subarray(at, nul)), nul + 1];
  }

  text(from: number, to: number): string {
    return textOf(this.bytes, from, to);
  }

  /** The whole current message, for PGlite's own parser. */
  message(): Uint8Array {
    return this.bytes.subarray(this.start - 5, this.end);
  }
}

/** Short ASCII text (most values: ids, numbers, dates, names) without a TextDecoder call. */
function textOf(bytes: Uint8Array, from: number, to: number): string {
  if (to - from > 64) return decoder.decode(bytes.subarray(from, to));
  let text = '';
  for (let index = from; index < to; index += 1) {
    const byte = bytes[index];
    if (byte > 0x7f) return decoder.decode(bytes.subarray(from, to));
    text += String.fromCharCode(byte);
  }
  return text;
}

/** PGlite's DatabaseError for an ErrorResponse, made by PGlite's own protocol parser. */
function databaseError(reply: Incoming, sql: string, params: readonly unknown[]): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(reply.message(), (message) => {
    if (message instanceof messages.DatabaseError) error = message;
  });
  const found = error ?? new Error('The embedded database answered with an error it could not describe');
  // As PGlite's query() adds them.
  return Object.assign(found, { query: sql, params });
}

function affectedBy(tag: string): number {
  const parts = tag.split(' ');
  const count = Number.parseInt(parts[parts.length - 1], 10);
  return ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0]) && !Number.isNaN(count) ? count : 0;
}

/**
 * One PGlite connection's statements. Not safe to share with other users of the same PGlite
 * instance running queries at the same moment: the dialect gives it to one caller at a time.
 */
export class PGliteWire {
  private readonly prepared = new Map<string, Prepared>();
  private readonly toClose: string[] = [];
  private named = 0;
  private readonly out = new Outgoing();
  /** The transaction status of the last ReadyForQuery: I idle, T in a transaction, E failed one. */
  private status = 'I';

  /** The reply being received: PGlite hands it over in pieces, views of its memory, copied here. */
  private reply = new Uint8Array(REPLY_BUFFER);
  private replyLength = 0;
  private readonly receive = (piece: Uint8Array) => {
    if (this.replyLength + piece.length > this.reply.length) {
      const grown = new Uint8Array(Math.max(this.reply.length * 2, this.replyLength + piece.length));
      grown.set(this.reply.subarray(0, this.replyLength));
      this.reply = grown;
    }
    this.reply.set(piece, this.replyLength);
    this.replyLength += piece.length;
  };

  constructor(private readonly pg: PGlite) {}

  async run(sql: string, params: readonly unknown[]): Promise<WireResult> {
    let result: WireResult;
    if (REUSABLE.test(sql)) {
      result = await this.execute(await this.statement(sql, params), sql, params);
    } else {
      // Run once (schema changes, transaction control), never kept.
      if (!KEEPS_SCHEMA.test(sql)) this.forgetAll();
      result = params.length ? await this.execute(await this.prepare('', sql, params), sql, params) : await this.simpleQuery(sql);
    }
    // PGlite's query() hands every change outside a transaction to its file system (a no-op on
    // the Node file system, where each write already went to the files).
    if (this.status === 'I' && !/^\s*select\b/i.test(sql)) await this.pg.syncToFs();
    return result;
  }

  private async statement(sql: string, params: readonly unknown[]): Promise<Prepared> {
    const found = this.prepared.get(sql);
    if (found) {
      // Most recently used last: the first entry is the one to drop.
      this.prepared.delete(sql);
      this.prepared.set(sql, found);
      return found;
    }
    if (this.prepared.size >= STATEMENT_CACHE_SIZE) {
      // Closed in the same call that prepares its replacement.
      const [oldestSql, oldest] = this.prepared.entries().next().value!;
      this.prepared.delete(oldestSql);
      this.toClose.push(oldest.name);
    }
    const statement = await this.prepare(`isoko_${(this.named += 1)}`, sql, params);
    this.prepared.set(sql, statement);
    return statement;
  }

  /** Schema changed: every plan kept may now be wrong, so none is kept. */
  private forgetAll(): void {
    for (const statement of this.prepared.values()) this.toClose.push(statement.name);
    this.prepared.clear();
  }

  /** Statements dropped from the cache are closed ahead of the next message sent. */
  private closeDropped(): void {
    this.out.reset();
    for (const name of this.toClose.splice(0)) this.out.begin('C').cstring(`S${name}`).end();
  }

  /** Parse and Describe: the parameter types (to write values as PGlite does) and the row's fields. */
  private async prepare(name: string, sql: string, params: readonly unknown[]): Promise<Prepared> {
    this.closeDropped();
    this.out.begin('P').cstring(name).cstring(sql).int16(0).end();
    this.out.begin('D').cstring(`S${name}`).end();
    this.out.begin('S').end();
    const statement: Prepared = { name, paramTypes: [], fields: [] };
    await this.read(this.out.take(), sql, params, (reply) => {
      if (reply.code === 0x74) {
        // 't' ParameterDescription
        for (let index = 0, count = reply.int16(reply.start); index < count; index += 1) statement.paramTypes.push(reply.int32(reply.start + 2 + index * 4) >>> 0);
      } else if (reply.code === 0x54) {
        statement.fields = rowDescription(reply);
      }
    });
    return statement;
  }

  /** Bind, Execute, Sync: one call. */
  private execute(statement: Prepared, sql: string, params: readonly unknown[]): Promise<WireResult> {
    const out = this.out.reset();
    const { serializers } = this.pg;
    out.begin('B').cstring('').cstring(statement.name).int16(0).int16(params.length);
    params.forEach((param, index) => {
      if (param === null || param === undefined) {
        out.int32(-1);
        return;
      }
      const serialize = serializers[statement.paramTypes[index]];
      out.sized(serialize ? (serialize(param) as string) : String(param));
    });
    out.int16(0).end();
    out.begin('E').cstring('').int32(0).end();
    out.begin('S').end();
    return this.results(out.take(), statement.fields, sql, params);
  }

  /** A statement without values, run once: the simple query protocol, one message. */
  private simpleQuery(sql: string): Promise<WireResult> {
    this.closeDropped();
    this.out.begin('Q').cstring(sql).end();
    return this.results(this.out.take(), [], sql, []);
  }

  /** Sends `message` and reads the rows of the reply, parsed as PGlite parses them. */
  private async results(message: Uint8Array, described: Field[], sql: string, params: readonly unknown[]): Promise<WireResult> {
    const { parsers } = this.pg;
    let fields = described;
    const rows: Record<string, unknown>[] = [];
    let affectedRows = 0;
    await this.read(message, sql, params, (reply) => {
      if (reply.code === 0x44) {
        // 'D' DataRow
        const row: Record<string, unknown> = {};
        let at = reply.start + 2;
        for (let index = 0; index < fields.length; index += 1) {
          const size = reply.int32(at);
          at += 4;
          const field = fields[index];
          if (size < 0) {
            row[field.name] = null;
            continue;
          }
          const text = reply.text(at, at + size);
          at += size;
          const parse = parsers[field.type];
          row[field.name] = parse ? parse(text, field.type) : text;
        }
        rows.push(row);
      } else if (reply.code === 0x54) {
        // 'T' RowDescription (the simple query protocol describes its rows in the reply)
        fields = rowDescription(reply);
      } else if (reply.code === 0x43) {
        // 'C' CommandComplete
        affectedRows += affectedBy(reply.cstring(reply.start)[0]);
      }
    });
    return { rows, affectedRows };
  }

  /**
   * One call into PGlite, its reply taken as raw bytes. (execProtocolRawSync would also run every
   * message through PGlite's own JavaScript parser, which keeps them all in a list that only its
   * query() ever empties: CPU spent twice, and memory that grows with every statement.)
   */
  private async call(message: Uint8Array): Promise<Uint8Array> {
    this.replyLength = 0;
    await this.pg.execProtocolRawStream(message, { syncToFs: false, onRawData: this.receive });
    return this.reply.subarray(0, this.replyLength);
  }

  /** One call into PGlite; every message of the reply goes to `each`. The first error is thrown once the reply is read. */
  private async read(message: Uint8Array, sql: string, params: readonly unknown[], each: (reply: Incoming) => void): Promise<void> {
    const reply = new Incoming(await this.call(message));
    let error: Error | undefined;
    while (reply.next()) {
      if (reply.code === 0x45) error ??= databaseError(reply, sql, params);
      else if (reply.code === 0x5a) this.status = String.fromCharCode(reply.byte(reply.start));
      else each(reply);
    }
    // A large answer (a page of the search index's build) leaves no large buffer behind.
    if (this.reply.length > REPLY_BUFFER_MAX) this.reply = new Uint8Array(REPLY_BUFFER);
    if (error) throw error;
  }
}

function rowDescription(reply: Incoming): Field[] {
  const fields: Field[] = [];
  let at = reply.start + 2;
  for (let index = 0, count = reply.int16(reply.start); index < count; index += 1) {
    const [name, after] = reply.cstring(at);
    // table oid (4), column number (2), type oid (4), type size (2), type modifier (4), format (2)
    fields.push({ name, type: reply.int32(after + 6) >>> 0 });
    at = after + 18;
  }
  return fields;
}
