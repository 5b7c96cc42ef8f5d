import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** The SQL types `copyRowsIn` writes. */
export type CopyType =
  | 'text'
  | 'uuid'
  | 'float8'
  | 'int4'
  | 'int8'
  | 'bool'
  | 'timestamptz'
  | 'date'
  | 'uuid[]';

/** A value of a column: null or undefined for NULL; a date as 'YYYY-MM-DD'. */
export type CopyValue = string | number | boolean | Date | null | undefined | readonly string[];

/**
 * A value the database would refuse for its type (an integer out of range), refused here before
 * anything is sent, with the SQLSTATE PostgreSQL gives it (22003), so callers treat it as the
 * database's refusal of that record.
 */
export class CopyValueError extends Error {
  readonly code = '22003';
}

// PostgreSQL's binary COPY format (docs: "COPY … Binary Format"): a signature, flags and header
// extension; per row the number of fields, then each field as its byte length (-1 for NULL) and
// its value in the type's binary (send) form; -1 as the trailer. Numbers travel as their bytes,
// so neither side prints or parses them.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const UUID_OID = 2950;

/**
 * Writes COPY's binary rows into 256 KiB buffers, each value straight in its type's send form;
 * a full buffer goes to `done` for the stream. Numbers go through a DataView, which V8 compiles
 * to plain stores (Buffer's own writeDoubleBE and the like copy byte by byte).
 * @example const out = new CopyWriter(); out.row(1); out.text('B-1');
 */
export class CopyWriter {
  buffer = Buffer.allocUnsafe(CHUNK);
  private view = viewOf(this.buffer);
  length = 0;
  readonly done: Buffer[] = [];

  private room(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) {
      this.buffer = Buffer.allocUnsafe(bytes);
      this.view = viewOf(this.buffer);
    }
  }
  /** Hands the bytes so far to `done` and goes on in a fresh buffer. */
  flush() {
    if (this.length === 0) return;
    this.done.push(this.buffer.subarray(0, this.length));
    this.buffer = Buffer.allocUnsafe(Math.max(CHUNK, this.buffer.length));
    this.view = viewOf(this.buffer);
    this.length = 0;
  }
  /** A row's start: how many fields follow. */
  row(fields: number) {
    this.room(2);
    this.view.setInt16(this.length, fields);
    this.length += 2;
  }
  int16(value: number) {
    this.room(2);
    this.view.setInt16(this.length, value);
    this.length += 2;
  }
  int32(value: number) {
    this.room(4);
    this.view.setInt32(this.length, value);
    this.length += 4;
  }
  null() {
    this.int32(-1);
  }
  float8(value: number) {
    this.room(12);
    this.view.setInt32(this.length, 8);
    this.view.setFloat64(this.length + 4, value);
    this.length += 12;
  }
  /** An integer; throws CopyValueError outside the 32-bit range. */
  int4(value: number) {
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
      throw new CopyValueError(`${value} is out of range for type integer`);
    }
    this.room(8);
    this.view.setInt32(this.length, 4);
    this.view.setInt32(this.length + 4, value);
    this.length += 8;
  }
  /** An integer; throws CopyValueError beyond what a double holds exactly. */
  int8(value: number) {
    if (!Number.isSafeInteger(value))
      throw new CopyValueError(`${value} is out of range for bigint`);
    this.room(12);
    this.view.setInt32(this.length, 8);
    this.view.setBigInt64(this.length + 4, BigInt(value));
    this.length += 12;
  }
  bool(value: boolean) {
    this.room(5);
    this.view.setInt32(this.length, 1);
    this.buffer[this.length + 4] = value ? 1 : 0;
    this.length += 5;
  }
  /** A text field, in UTF-8: ASCII copied by hand (most values are short), the rest encoded. */
  text(value: string) {
    const n = value.length;
    this.room(4 + n * 3);
    const b = this.buffer;
    const at = this.length + 4;
    let i = 0;
    for (; i < n; i += 1) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) break;
      b[at + i] = c;
    }
    const bytes = i === n ? n : i + b.write(value.slice(i), at + i, 'utf8');
    this.view.setInt32(this.length, bytes);
    this.length = at + bytes;
  }
  /** A uuid in its usual text form. */
  uuid(value: string) {
    this.room(20);
    this.view.setInt32(this.length, 16);
    uuidBytes(value).copy(this.buffer, this.length + 4);
    this.length += 20;
  }
  /** Milliseconds since 1970 (Date.parse, getTime) as microseconds since 2000. */
  timestamptz(ms: number) {
    const us = Math.round(ms - POSTGRES_EPOCH_MS) * 1000;
    if (!Number.isSafeInteger(us)) throw new RangeError(`${ms} is not a time COPY can write`);
    this.room(12);
    const high = Math.floor(us / 2 ** 32);
    this.view.setInt32(this.length, 8);
    this.view.setInt32(this.length + 4, high);
    this.view.setUint32(this.length + 8, us - high * 2 ** 32);
    this.length += 12;
  }
  /** Days since 2000-01-01. */
  date(days: number) {
    this.room(8);
    this.view.setInt32(this.length, 4);
    this.view.setInt32(this.length + 4, days);
    this.length += 8;
  }
  /** A uuid[] of one dimension (none when empty). */
  uuidArray(items: readonly string[]) {
    // Dimensions, has-nulls flag, element type; then the one dimension's size and lower bound.
    const header = items.length === 0 ? 12 : 20;
    const bytes = header + items.length * 20;
    this.room(4 + bytes);
    const v = this.view;
    let p = this.length;
    v.setInt32(p, bytes);
    v.setInt32(p + 4, items.length === 0 ? 0 : 1);
    v.setInt32(p + 8, 0);
    v.setInt32(p + 12, UUID_OID);
    p += 16;
    if (items.length > 0) {
      v.setInt32(p, items.length);
      v.setInt32(p + 4, 1);
      p += 8;
      for (const item of items) {
        v.setInt32(p, 16);
        uuidBytes(item).copy(this.buffer, p + 4);
        p += 20;
      }
    }
    this.length = p;
  }
}

// 256 KiB: a batch of 5,000 bales (1.6 MB) in seven pieces, each two socket writes; at 64 KiB
// the writes cost the server a few milliseconds a batch more.
const CHUNK = 1 << 18;
const viewOf = (buffer: Buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.length);

// The same few uuids (organization, baler, fields) recur on every row: their bytes are kept.
const uuidCache = new Map<string, Buffer>();

function uuidBytes(value: string): Buffer {
  let bytes = uuidCache.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(value.replaceAll('-', ''), 'hex');
    if (uuidCache.size >= 1_024) uuidCache.clear();
    uuidCache.set(value, bytes);
  }
  return bytes;
}

const timeMs = (value: Date | string) =>
  value instanceof Date ? value.getTime() : Date.parse(value);

function writeValue(out: CopyWriter, type: CopyType, value: CopyValue) {
  if (value === null || value === undefined) {
    out.null();
    return;
  }
  switch (type) {
    case 'text':
      out.text(typeof value === 'string' ? value : String(value));
      return;
    case 'uuid':
      out.uuid(String(value));
      return;
    case 'float8':
      out.float8(Number(value));
      return;
    case 'int4':
      out.int4(Number(value));
      return;
    case 'int8':
      out.int8(Number(value));
      return;
    case 'bool':
      out.bool(Boolean(value));
      return;
    case 'timestamptz':
      out.timestamptz(timeMs(value as Date | string));
      return;
    case 'date':
      out.date(
        Math.round(
          (Date.parse(`${String(value).slice(0, 10)}T00:00:00Z`) - POSTGRES_EPOCH_MS) / 86_400_000,
        ),
      );
      return;
    case 'uuid[]':
      out.uuidArray(value as readonly string[]);
      return;
  }
}

/** The rows in COPY's binary format; throws CopyValueError for a value the type cannot hold. */
export function encodeCopyRows(
  types: readonly CopyType[],
  rows: readonly (readonly CopyValue[])[],
): Buffer[] {
  checkValues(types, rows);
  return [...copyChunks(rows, valueRows(types))];
}

/** Throws CopyValueError for the first value its integer column cannot hold. */
function checkValues(types: readonly CopyType[], rows: readonly (readonly CopyValue[])[]) {
  types.forEach((type, i) => {
    if (type !== 'int4' && type !== 'int8') return;
    for (const row of rows) {
      const value = row[i];
      if (value === null || value === undefined) continue;
      const n = Number(value);
      if (type === 'int4' && (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31)) {
        throw new CopyValueError(`${value} is out of range for type integer`);
      }
      if (type === 'int8' && !Number.isSafeInteger(n)) {
        throw new CopyValueError(`${value} is out of range for bigint`);
      }
    }
  });
}

/**
 * The rows in COPY's binary format, a chunk of about 256 KiB at a time, encoded as they are
 * read: the database works on the first chunks while the later ones are encoded. `write`
 * writes an item's row (or nothing, to leave it out).
 */
function* copyChunks<T>(items: Iterable<T>, write: (out: CopyWriter, item: T) => void) {
  const out = new CopyWriter();
  yield HEADER;
  for (const item of items) {
    write(out, item);
    if (out.done.length > 0) yield* out.done.splice(0);
  }
  yield* trailer(out);
}

/** copyChunks of items that arrive while the COPY runs (a request body being read). */
async function* copyChunksArriving<T>(
  items: AsyncIterable<T>,
  write: (out: CopyWriter, item: T) => void,
) {
  const out = new CopyWriter();
  yield HEADER;
  for await (const item of items) {
    write(out, item);
    if (out.done.length > 0) yield* out.done.splice(0);
  }
  yield* trailer(out);
}

// The signature, then no flags and no header extension; -1 fields as the trailer.
const HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
function trailer(out: CopyWriter): Buffer[] {
  out.int16(-1);
  out.flush();
  return out.done;
}

function valueRows(types: readonly CopyType[]) {
  return (out: CopyWriter, row: readonly CopyValue[]) => {
    out.row(types.length);
    for (let c = 0; c < types.length; c += 1) writeValue(out, types[c] as CopyType, row[c]);
  };
}

/**
 * Streams rows into a table with `COPY … FROM STDIN (FORMAT binary)` on a PostgreSQL client.
 * Every integer is checked before anything is sent: a value its type cannot hold rejects with
 * CopyValueError (code 22003) and the connection is untouched; the rows are then encoded while
 * they stream. The database's own refusal rejects with its error.
 * @example await copyRowsIn(client, 'pg_temp.batch', [['uid', 'text']], [['B-1']]);
 */
export async function copyRowsIn(
  client: pg.PoolClient,
  table: string,
  columns: readonly (readonly [name: string, type: CopyType])[],
  rows: readonly (readonly CopyValue[])[],
): Promise<void> {
  const types = columns.map(([, type]) => type);
  checkValues(types, rows);
  await copyWrittenIn(
    client,
    table,
    columns.map(([name]) => name),
    rows,
    valueRows(types),
  );
}

/**
 * Streams rows into a table with binary COPY, one for each item, written by `write` as the
 * stream asks for it (CopyWriter's `row`, then one value per column, in `names`' order), or left
 * out when `write` writes nothing. The items may still be arriving (an async iterable): the
 * database works on the first rows meanwhile. What `write` or the items throw ends the COPY
 * (the database is told it failed) and rejects with it; so does the database's own refusal.
 * @example await copyWrittenIn(client, 'notes', ['id', 'body'], ['hi'], (out, body) => { out.row(2); out.uuid(id); out.text(body); });
 */
export async function copyWrittenIn<T>(
  client: pg.PoolClient,
  table: string,
  names: readonly string[],
  items: Iterable<T> | AsyncIterable<T>,
  write: (out: CopyWriter, item: T) => void,
): Promise<void> {
  const stream = client.query(
    copyFrom(`COPY ${table} (${names.join(', ')}) FROM STDIN (FORMAT binary)`),
  );
  const chunks =
    Symbol.asyncIterator in items
      ? copyChunksArriving(items, write)
      : copyChunks(items as Iterable<T>, write);
  await pipeline(Readable.from(chunks, { highWaterMark: 1 }), stream);
}
