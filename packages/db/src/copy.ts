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
  private buffer = Buffer.allocUnsafe(1 << 16);
  private length = 0;
  readonly done: Buffer[] = [];

  private room(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }
  flush() {
    if (this.length === 0) return;
    this.done.push(Buffer.from(this.buffer.subarray(0, this.length)));
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
  /** A field: its length, then its bytes written by `write`. */
  field(bytes: number, write: (buffer: Buffer, at: number) => void) {
    this.room(4 + bytes);
    this.length = this.buffer.writeInt32BE(bytes, this.length);
    write(this.buffer, this.length);
    this.length += bytes;
  }
}

function uuidBytes(value: string, buffer: Buffer, at: number) {
  buffer.write(value.replaceAll('-', ''), at, 16, 'hex');
}

function microseconds(value: Date | string): bigint {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return BigInt(Math.round(ms - POSTGRES_EPOCH_MS)) * 1000n;
}

function writeValue(out: Writer, type: CopyType, value: CopyValue) {
  if (value === null || value === undefined) {
    out.int32(-1);
    return;
  }
  switch (type) {
    case 'text': {
      const text = String(value);
      out.field(Buffer.byteLength(text), (b, at) => b.write(text, at, 'utf8'));
      return;
    }
    case 'uuid':
      out.field(16, (b, at) => uuidBytes(String(value), b, at));
      return;
    case 'float8':
      out.field(8, (b, at) => b.writeDoubleBE(Number(value), at));
      return;
    case 'int4': {
      const n = Number(value);
      if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31) {
        throw new CopyValueError(`${value} is out of range for type integer`);
      }
      out.field(4, (b, at) => b.writeInt32BE(n, at));
      return;
    }
    case 'int8': {
      const n = Number(value);
      if (!Number.isSafeInteger(n)) throw new CopyValueError(`${value} is out of range for bigint`);
      out.field(8, (b, at) => b.writeBigInt64BE(BigInt(n), at));
      return;
    }
    case 'bool':
      out.field(1, (b, at) => b.writeUInt8(value ? 1 : 0, at));
      return;
    case 'timestamptz': {
      const us = microseconds(value as Date | string);
      out.field(8, (b, at) => b.writeBigInt64BE(us, at));
      return;
    }
    case 'date': {
      const days = Math.round(
        (Date.parse(`${String(value).slice(0, 10)}T00:00:00Z`) - POSTGRES_EPOCH_MS) / 86_400_000,
      );
      out.field(4, (b, at) => b.writeInt32BE(days, at));
      return;
    }
    case 'uuid[]': {
      const items = value as readonly string[];
      // Dimensions, has-nulls flag, element type; then the one dimension's size and lower bound.
      const header = items.length === 0 ? 12 : 20;
      out.field(header + items.length * 20, (b, at) => {
        let p = b.writeInt32BE(items.length === 0 ? 0 : 1, at);
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
      });
      return;
    }
  }
}

/** The rows in COPY's binary format; throws CopyValueError for a value the type cannot hold. */
export function encodeCopyRows(
  types: readonly CopyType[],
  rows: readonly (readonly CopyValue[])[],
): Buffer[] {
  const out = new Writer();
  // The signature, then no flags and no header extension.
  out.done.push(Buffer.concat([SIGNATURE, Buffer.alloc(8)]));
  for (const row of rows) {
    out.int16(types.length);
    for (let i = 0; i < types.length; i += 1) {
      writeValue(out, types[i] as CopyType, row[i]);
    }
  }
  out.int16(-1);
  out.flush();
  return out.done;
}

/**
 * Streams rows into a table with `COPY … FROM STDIN (FORMAT binary)` on a PostgreSQL client.
 * Every value is encoded before anything is sent: a value the type cannot hold rejects with
 * CopyValueError (code 22003) and the connection is untouched; the database's own refusal
 * rejects with its error.
 * @example await copyRowsIn(client, 'pg_temp.batch', [['uid', 'text']], [['B-1']]);
 */
export async function copyRowsIn(
  client: pg.PoolClient,
  table: string,
  columns: readonly (readonly [name: string, type: CopyType])[],
  rows: readonly (readonly CopyValue[])[],
): Promise<void> {
  const chunks = encodeCopyRows(
    columns.map(([, type]) => type),
    rows,
  );
  const names = columns.map(([name]) => name).join(', ');
  const stream = client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN (FORMAT binary)`));
  await pipeline(Readable.from(chunks), stream);
}
