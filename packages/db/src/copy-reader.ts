import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters } from './copy-out.ts';

// A query's rows through `COPY (…) TO STDOUT (FORMAT binary)`, read field by field as the bytes
// stream in: no object per row or value, nothing held but the chunk being read. For reads of
// hundreds of thousands of rows decoded straight into typed arrays (the summaries' bale
// columns); `CopyRows` (copy-out.ts) keeps
// the bytes and decodes a row into values on demand. The format (docs: "COPY … Binary Format"):
// an 11-byte signature, flags and a header extension; each row its number of fields, then each
// field as its byte length (-1 for NULL) and its value in the type's binary (send) form; -1 as
// the trailer.
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
// How much of the next chunk finishes a cut row without copying the chunk (rows of the
// columns' reads are about 400 bytes; a longer row takes the slower way).
const ROW_HEAD = 8_192;

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
    const value = values.read(this.#buffer, this.#at, this.#at + length);
    this.#at += length;
    return value;
  }
}

/** One distinct value of a text column: its bytes (a copy) and its string. */
interface SeenText {
  bytes: Uint8Array;
  value: string;
}

/**
 * The distinct values of one text column, found by their bytes: a value seen before costs a
 * hash and a comparison of its bytes, no string and no copy (a read of 200,000 rows makes a few
 * hundred strings, not one per row).
 */
export class RepeatedText {
  #last: SeenText | undefined;
  readonly #byHash = new Map<number, SeenText[]>();

  /** @internal */
  read(buffer: Buffer, start: number, end: number): string {
    const last = this.#last;
    if (last && sameBytes(buffer, start, end, last.bytes)) return last.value;
    // FNV-1a of the bytes.
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i += 1) hash = Math.imul(hash ^ (buffer[i] as number), 0x01000193);
    let candidates = this.#byHash.get(hash);
    if (!candidates) {
      candidates = [];
      this.#byHash.set(hash, candidates);
    }
    let seen = candidates.find((c) => sameBytes(buffer, start, end, c.bytes));
    if (!seen) {
      seen = {
        bytes: Uint8Array.prototype.slice.call(buffer, start, end),
        value: buffer.toString('utf8', start, end),
      };
      candidates.push(seen);
    }
    this.#last = seen;
    return seen.value;
  }
}

function sameBytes(buffer: Buffer, start: number, end: number, bytes: Uint8Array): boolean {
  if (end - start !== bytes.length) return false;
  for (let i = 0; i < bytes.length; i += 1) if (buffer[start + i] !== bytes[i]) return false;
  return true;
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
  return readCopyStream(stream as AsyncIterable<Buffer>, onRow);
}

/** Reads binary COPY output as it arrives in chunks (`readCopyRows` without the query). */
export async function readCopyStream(
  chunks: AsyncIterable<Buffer>,
  onRow: (row: CopyFieldReader) => void,
): Promise<number> {
  const reader = new CopyFieldReader();
  // The bytes of a row cut by a chunk's end (a copy: the chunk is let go).
  let rest: Buffer | undefined;
  let headerRead = false;
  let rows = 0;
  let ended = false;
  const readRows = (buffer: Buffer, from: number, limit = Number.POSITIVE_INFINITY) => {
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    let at = from;
    for (let n = 0; n < limit; n += 1) {
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
    return at;
  };
  for await (const chunk of chunks) {
    if (ended) continue;
    let buffer = chunk;
    let at = 0;
    if (rest && headerRead) {
      // The cut row is finished with the head of this chunk alone, so the chunk itself is read
      // in place rather than copied whole behind it.
      const head = Buffer.concat([rest, chunk.subarray(0, ROW_HEAD)]);
      const used = readRows(head, 0, 1);
      if (used > rest.length) {
        at = used - rest.length;
        rest = undefined;
      }
    }
    if (rest) {
      buffer = Buffer.concat([rest, chunk]);
      rest = undefined;
    }
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
    if (ended) continue;
    at = readRows(buffer, at);
    if (!ended && at < buffer.length) rest = Buffer.from(buffer.subarray(at));
  }
  if (!ended) throw new Error('COPY ended without its trailer.');
  return rows;
}
