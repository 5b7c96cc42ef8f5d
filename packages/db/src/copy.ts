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

class Writer {
  buffer = Buffer.allocUnsafe(1 << 16);
  length = 0;
  readonly done: Buffer[] = [];

  private room(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }
  /** Hands the bytes so far to `done` and goes on in a fresh buffer. */
  flush() {
    if (this.length === 0) return;
    this.done.push(this.buffer.subarray(0, this.length));
    this.buffer = Buffer.allocUnsafe(Math.max(1 << 16, this.buffer.length));
    this.length = 0;
  }
  int16(value: number) {
    this.room(2);
    this.length = this.buffer.writeInt16BE(value, this.length);
  }
  int32(value: number) {
    this.room(4);
    this.length = this.buffer.writeInt32BE(value, this.length);
  }
  /** A field of `bytes` bytes: its length is written; returns where its bytes go. */
  field(bytes: number): number {
    this.room(4 + bytes);
    const at = this.buffer.writeInt32BE(bytes, this.length);
    this.length = at + bytes;
    return at;
  }
  /** A text field, in UTF-8 (at most three bytes per UTF-16 unit). */
  text(value: string) {
    this.room(4 + value.length * 3);
    const at = this.length + 4;
    const bytes = this.buffer.write(value, at, 'utf8');
    this.buffer.writeInt32BE(bytes, this.length);
    this.length = at + bytes;
  }
}

// The same few uuids (organization, baler, fields) recur on every row: their bytes are kept.
const uuidCache = new Map<string, Buffer>();

function uuidBytes(value: string, buffer: Buffer, at: number) {
  let bytes = uuidCache.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(value.replaceAll('-', ''), 'hex');
    if (uuidCache.size >= 1_024) uuidCache.clear();
    uuidCache.set(value, bytes);
  }
  bytes.copy(buffer, at);
}

/** Microseconds since 2000-01-01 as two 32-bit halves: exact in a double within ±285 years. */
function writeMicroseconds(value: Date | string, buffer: Buffer, at: number) {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  const us = Math.round(ms - POSTGRES_EPOCH_MS) * 1000;
  if (!Number.isSafeInteger(us))
    throw new RangeError(`${String(value)} is not a time COPY can write`);
  const high = Math.floor(us / 2 ** 32);
  buffer.writeInt32BE(high, at);
  buffer.writeUInt32BE(us - high * 2 ** 32, at + 4);
}

function writeValue(out: Writer, type: CopyType, value: CopyValue) {
  if (value === null || value === undefined) {
    out.int32(-1);
    return;
  }
  // `field` may move to a fresh buffer: read `out.buffer` only after it.
  switch (type) {
    case 'text':
      out.text(typeof value === 'string' ? value : String(value));
      return;
    case 'uuid': {
      const at = out.field(16);
      uuidBytes(String(value), out.buffer, at);
      return;
    }
    case 'float8': {
      const at = out.field(8);
      out.buffer.writeDoubleBE(Number(value), at);
      return;
    }
    case 'int4': {
      const n = Number(value);
      if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31) {
        throw new CopyValueError(`${value} is out of range for type integer`);
      }
      const at = out.field(4);
      out.buffer.writeInt32BE(n, at);
      return;
    }
    case 'int8': {
      const n = Number(value);
      if (!Number.isSafeInteger(n)) throw new CopyValueError(`${value} is out of range for bigint`);
      const at = out.field(8);
      out.buffer.writeBigInt64BE(BigInt(n), at);
      return;
    }
    case 'bool': {
      const at = out.field(1);
      out.buffer.writeUInt8(value ? 1 : 0, at);
      return;
    }
    case 'timestamptz': {
      const at = out.field(8);
      writeMicroseconds(value as Date | string, out.buffer, at);
      return;
    }
    case 'date': {
      const days = Math.round(
        (Date.parse(`${String(value).slice(0, 10)}T00:00:00Z`) - POSTGRES_EPOCH_MS) / 86_400_000,
      );
      const at = out.field(4);
      out.buffer.writeInt32BE(days, at);
      return;
    }
    case 'uuid[]': {
      const items = value as readonly string[];
      // Dimensions, has-nulls flag, element type; then the one dimension's size and lower bound.
      const header = items.length === 0 ? 12 : 20;
      let p = out.field(header + items.length * 20);
      const b = out.buffer;
      p = b.writeInt32BE(items.length === 0 ? 0 : 1, p);
      p = b.writeInt32BE(0, p);
      p = b.writeInt32BE(UUID_OID, p);
      if (items.length === 0) return;
      p = b.writeInt32BE(items.length, p);
      p = b.writeInt32BE(1, p);
      for (const item of items) {
        p = b.writeInt32BE(16, p);
        uuidBytes(item, b, p);
        p += 16;
      }
      return;
    }
  }
}

/** The rows in COPY's binary format; throws CopyValueError for a value the type cannot hold. */
export function encodeCopyRows(
  types: readonly CopyType[],
  rows: readonly (readonly CopyValue[])[],
): Buffer[] {
  checkValues(types, rows);
  return [...copyChunks(types, rows)];
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
 * The rows in COPY's binary format, a chunk of about 64 KiB at a time, encoded as they are
 * read: the database works on the first chunks while the later ones are encoded.
 */
function* copyChunks(
  types: readonly CopyType[],
  rows: readonly (readonly CopyValue[])[],
): Generator<Buffer> {
  const out = new Writer();
  // The signature, then no flags and no header extension.
  yield Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
  for (const row of rows) {
    out.int16(types.length);
    for (let i = 0; i < types.length; i += 1) {
      writeValue(out, types[i] as CopyType, row[i]);
    }
    if (out.done.length > 0) yield* out.done.splice(0);
  }
  out.int16(-1);
  out.flush();
  yield* out.done;
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
  const names = columns.map(([name]) => name).join(', ');
  const stream = client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN (FORMAT binary)`));
  await pipeline(Readable.from(copyChunks(types, rows)), stream);
}
