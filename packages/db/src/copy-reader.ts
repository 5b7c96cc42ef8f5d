import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters } from './copy-out.ts';

// A query's rows through `COPY (…) TO STDOUT (FORMAT binary)`, read field by field as the bytes
// stream in: no object per row or value, nothing held but the chunk being read. For reads of
// hundreds of thousands of rows decoded straight into typed arrays (the map's and summaries'
// snapshot, docs/adr/0017-live-map-index-and-one-bale-read.md); `CopyRows` (copy-out.ts) keeps
// the bytes and decodes a row into values on demand. The format (docs: "COPY … Binary Format"):
// an 11-byte signature, flags and a header extension; each row its number of fields, then each
// field as its byte length (-1 for NULL) and its value in the type's binary (send) form; -1 as
// the trailer.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/** The fields of the row being read, in the query's order; valid only during the `onRow` call. */
export class CopyFieldReader {
  #buffer: Buffer = Buffer.alloc(0);
  // Numbers are read through a DataView: the optimizing compiler makes each read one load.
  #view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  #at = 0;

  /** @internal */
  start(buffer: Buffer, view: DataView<ArrayBufferLike>, at: number): void {
    this.#buffer = buffer;
    this.#view = view;
    this.#at = at;
  }

  /** The next field's byte length (-1 for NULL), moving to its value. */
  #length(): number {
    const length = this.#view.getInt32(this.#at);
    this.#at += 4;
    return length;
  }

  /** A float8 field (NaN for NULL). */
  float8(): number {
    const length = this.#length();
    if (length < 0) return Number.NaN;
    const value = this.#view.getFloat64(this.#at);
    this.#at += length;
    return value;
  }

  /** A text field as a new flat string (null for NULL). */
  text(): string | null {
    const length = this.#length();
    if (length < 0) return null;
    const value = this.#buffer.toString('utf8', this.#at, this.#at + length);
    this.#at += length;
    return value;
  }

  /**
   * A text field of few distinct values (ids, sizes, lists): the string `values` returned for
   * the same bytes before, so rows share one copy and a run of equal values is decoded once.
   */
  repeated(values: RepeatedText): string | null {
    const length = this.#length();
    if (length < 0) return null;
    const value = values.read(this.#buffer, this.#view, this.#at, this.#at + length);
    this.#at += length;
    return value;
  }
}

/** The distinct values of one text column. */
export class RepeatedText {
  #last = new DataView(new ArrayBuffer(0));
  #lastValue = '';
  readonly #seen = new Map<string, string>();

  /** @internal */
  read(buffer: Buffer, view: DataView, start: number, end: number): string {
    if (this.#same(view, start, end)) return this.#lastValue;
    const text = buffer.toString('utf8', start, end);
    let value = this.#seen.get(text);
    if (value === undefined) {
      value = text;
      this.#seen.set(text, text);
    }
    const bytes = new Uint8Array(end - start);
    bytes.set(buffer.subarray(start, end));
    this.#last = new DataView(bytes.buffer);
    this.#lastValue = value;
    return value;
  }

  /** Whether the bytes are the last value's (compared four at a time). */
  #same(view: DataView, start: number, end: number): boolean {
    const last = this.#last;
    const length = end - start;
    if (length !== last.byteLength) return false;
    let i = 0;
    for (; i + 4 <= length; i += 4) {
      if (view.getInt32(start + i) !== last.getInt32(i)) return false;
    }
    for (; i < length; i += 1) if (view.getUint8(start + i) !== last.getUint8(i)) return false;
    return true;
  }
}

/** Where the row at `at` ends: -1 when the buffer holds only part of it, 'end' at the trailer. */
function rowEnd(view: DataView, at: number): number | 'end' {
  const size = view.byteLength;
  if (at + 2 > size) return -1;
  const fields = view.getInt16(at);
  if (fields === -1) return 'end';
  let position = at + 2;
  for (let i = 0; i < fields; i += 1) {
    if (position + 4 > size) return -1;
    position += 4 + Math.max(0, view.getInt32(position));
    if (position > size) return -1;
  }
  return position;
}

/**
 * Runs the query as `COPY (…) TO STDOUT (FORMAT binary)` on a PostgreSQL connection (its
 * parameters written in: COPY takes none) and calls `onRow` for each row as it arrives, with a
 * reader of its fields, to be read in the query's column order.
 * @returns the number of rows
 * @example await readCopyRows(client, query.compile(), (row) => xs.push(row.float8()));
 */
export async function readCopyRows(
  client: pg.ClientBase,
  query: { sql: string; parameters: readonly unknown[] },
  onRow: (row: CopyFieldReader) => void,
): Promise<number> {
  const stream = client.query(
    copyTo(`COPY (${inlineParameters(query)}) TO STDOUT (FORMAT binary)`),
  );
  const reader = new CopyFieldReader();
  let rest: Buffer | undefined;
  let headerRead = false;
  let rows = 0;
  let ended = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (ended) continue;
    const buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    rest = undefined;
    let at = 0;
    if (!headerRead) {
      if (buffer.length < HEADER_BYTES) {
        rest = buffer;
        continue;
      }
      if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
        throw new Error('COPY answered without the binary signature.');
      }
      at = HEADER_BYTES + buffer.readInt32BE(SIGNATURE.length + 4);
      headerRead = true;
    }
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    for (;;) {
      const end = rowEnd(view, at);
      if (end === 'end') {
        ended = true;
        break;
      }
      if (end === -1) break;
      reader.start(buffer, view, at + 2);
      onRow(reader);
      rows += 1;
      at = end;
    }
    // A row cut by the chunk's end waits for the next chunk (a copy: the chunk is let go).
    if (!ended && at < buffer.length) rest = Buffer.from(buffer.subarray(at));
  }
  if (!ended) throw new Error('COPY ended without its trailer.');
  return rows;
}
