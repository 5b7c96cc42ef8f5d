import type { Kysely } from 'kysely';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { transactionWithClient, withPglite } from './connect.ts';
import type { CopyType } from './copy.ts';
import type { Database } from './database.ts';

// Reading rows through `COPY (SELECT …) TO STDOUT (FORMAT binary)` instead of a query: the rows
// arrive as bytes, kept as one Buffer (outside V8's heap) until the caller decodes them one at a
// time. A query's result is parsed by the driver into JavaScript values as the messages arrive,
// and those values, alive until the whole result is in, outlive young-generation collections
// (docs/benchmarks.md, "Report CSV and data export"). On PGlite the same bytes come from a COPY
// to its `/dev/blob` device, which skips the driver's parse of every value: 8× faster there.

/** A decoded value: null for NULL; int8 as a number; a date as 'YYYY-MM-DD'. */
export type CopyOutValue = string | number | boolean | Date | string[] | null;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;

/**
 * The rows of one `COPY … TO STDOUT (FORMAT binary)`, held as its bytes; `row(i)` decodes one
 * row into the query's columns, read as `types` (the same types `copyRowsIn` writes).
 * @example const rows = new CopyRows(bytes, ['text', 'float8']); rows.row(0) // ['B-1', 12.5]
 */
export class CopyRows {
  /** Where each row starts (its field count). */
  private readonly starts: number[] = [];

  constructor(
    private readonly bytes: Buffer,
    private readonly types: readonly CopyType[],
  ) {
    if (bytes.length < 19 || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
      throw new Error('Not COPY binary data: the signature is missing.');
    }
    let at = SIGNATURE.length + 4;
    at += 4 + bytes.readUInt32BE(at);
    for (;;) {
      const fields = bytes.readInt16BE(at);
      if (fields === -1) break;
      if (fields !== types.length) {
        throw new Error(`COPY row has ${fields} columns, ${types.length} expected.`);
      }
      this.starts.push(at);
      at += 2;
      for (let f = 0; f < fields; f += 1) {
        const length = bytes.readInt32BE(at);
        at += 4 + Math.max(0, length);
      }
    }
  }

  get count(): number {
    return this.starts.length;
  }

  /** Row `i`'s values in the query's column order. */
  row(i: number): CopyOutValue[] {
    const { bytes, types } = this;
    let at = (this.starts[i] as number) + 2;
    const values: CopyOutValue[] = new Array(types.length);
    for (let f = 0; f < types.length; f += 1) {
      const length = bytes.readInt32BE(at);
      at += 4;
      values[f] = length < 0 ? null : readValue(bytes, at, length, types[f] as CopyType);
      at += Math.max(0, length);
    }
    return values;
  }

  /**
   * Row `i` as the object `make` writes from its values read in column order (`recordMaker`):
   * no array between, one object shape for every row.
   */
  record<T>(i: number, make: RecordMaker<T>): T {
    this.#at = (this.starts[i] as number) + 2;
    this.#field = 0;
    return make(this.#next);
  }

  #at = 0;
  #field = 0;
  readonly #next = (): CopyOutValue => {
    const { bytes, types } = this;
    const length = bytes.readInt32BE(this.#at);
    this.#at += 4;
    const type = types[this.#field] as CopyType;
    this.#field += 1;
    if (length < 0) return null;
    const value = readValue(bytes, this.#at, length, type);
    this.#at += length;
    return value;
  };
}

/** Makes one row's object, calling `next` once per column, in order (`CopyRows.record`). */
export type RecordMaker<T> = (next: () => CopyOutValue) => T;

/**
 * A maker of `{ [names[0]]: next(), [names[1]]: next(), … }` as one object literal, compiled once:
 * every row gets the same shape, fast to make and to read (a report's 200,000 rows of 40 columns
 * spent 0.8 s in keyed stores into objects built field by field).
 * @example const make = recordMaker<{ uid: string }>(['uid']); rows.record(0, make) // { uid: 'B-1' }
 */
export function recordMaker<T>(names: readonly string[]): RecordMaker<T> {
  for (const name of names) {
    // `__proto__:` in a literal would set the prototype, not a field.
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || name === '__proto__') {
      throw new Error(`Not a plain field name: ${name}`);
    }
  }
  const literal = names.map((name) => `${name}: next()`).join(', ');
  // Names checked above: the body is only `{ name: next(), … }`.
  return new Function('next', `return { ${literal} };`) as RecordMaker<T>;
}

function readValue(bytes: Buffer, at: number, length: number, type: CopyType): CopyOutValue {
  switch (type) {
    case 'text':
      return bytes.toString('utf8', at, at + length);
    case 'uuid':
      return uuidAt(bytes, at);
    case 'float8':
      return bytes.readDoubleBE(at);
    case 'int4':
      return bytes.readInt32BE(at);
    case 'int8':
      return int64At(bytes, at);
    case 'bool':
      return bytes[at] !== 0;
    case 'timestamptz':
      return new Date(POSTGRES_EPOCH_MS + floorDiv(int64At(bytes, at), 1000));
    case 'date':
      return new Date(POSTGRES_EPOCH_MS + bytes.readInt32BE(at) * DAY_MS)
        .toISOString()
        .slice(0, 10);
    case 'uuid[]': {
      // Dimensions (0 for an empty array), has-nulls flag, element type; then per dimension its
      // size and lower bound; then each element as its length and bytes.
      if (bytes.readInt32BE(at) === 0) return [];
      const size = bytes.readInt32BE(at + 12);
      const items: string[] = new Array(size);
      let p = at + 20;
      for (let i = 0; i < size; i += 1) {
        items[i] = uuidAt(bytes, p + 4);
        p += 4 + 16;
      }
      return items;
    }
  }
}

/** As PostgreSQL writes a uuid: lower-case hex in groups of 8-4-4-4-12. */
function uuidAt(bytes: Buffer, at: number): string {
  const hex = bytes.toString('hex', at, at + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A signed 64-bit integer, exact within ±2^53 (µs timestamps: ±285 years around 2000). */
function int64At(bytes: Buffer, at: number): number {
  const value = bytes.readInt32BE(at) * 2 ** 32 + bytes.readUInt32BE(at + 4);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is beyond a safe integer`);
  return value;
}

/**
 * Whole milliseconds of a µs count, rounded down: what the driver's text parse gives (it drops
 * the fraction of the millisecond), also before 2000.
 */
function floorDiv(value: number, by: number): number {
  return (value - (((value % by) + by) % by)) / by;
}

/**
 * A compiled query's text with its parameters written in as literals, for statements that take
 * no parameters (COPY). Each becomes a quoted literal of unknown type, as the driver sends a
 * parameter (text, its type left to PostgreSQL): the same meaning, the same plan.
 * Placeholders inside quoted literals or identifiers are left alone.
 * @example inlineParameters({ sql: 'select $1::int', parameters: [5] }) // "select '5'::int"
 */
export function inlineParameters(query: { sql: string; parameters: readonly unknown[] }): string {
  const { sql, parameters } = query;
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"') {
      // Doubling escapes the quote inside, so the literal ends at the first lone one.
      let end = i + 1;
      for (;;) {
        end = sql.indexOf(c, end);
        if (end === -1) throw new Error('Unterminated quote in a compiled query.');
        if (sql[end + 1] !== c) break;
        end += 2;
      }
      out += sql.slice(i, end + 1);
      i = end + 1;
    } else if (c === '$' && /[0-9]/.test(sql[i + 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(sql[end] ?? '')) end += 1;
      const index = Number(sql.slice(i + 1, end)) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`No parameter ${index + 1}.`);
      out += literal(parameters[index]);
      i = end;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return quote(parameterText(value));
}

/** A parameter as the text the driver would send for it. */
function parameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} as a literal.`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item === null || item === undefined
        ? 'NULL'
        : `"${parameterText(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    );
    return `{${items.join(',')}}`;
  }
  throw new Error(`Cannot write a ${typeof value} parameter as a literal.`);
}

/** A string literal, safe whatever `standard_conforming_strings` says (as libpq quotes one). */
function quote(text: string): string {
  if (text.includes('\0')) throw new Error('A literal cannot hold a NUL character.');
  const doubled = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${doubled.replaceAll('\\', '\\\\')}'` : `'${doubled}'`;
}

/**
 * Runs `COPY (query) TO STDOUT (FORMAT binary)` on a PostgreSQL connection and returns its rows
 * as bytes, decoded row by row with `CopyRows`. The query's parameters are written in
 * (`inlineParameters`): COPY takes none.
 * @example const rows = await copyRowsOut(client, db.selectFrom('bales').select('uid').compile(), ['text']);
 */
export async function copyRowsOut(
  client: pg.PoolClient,
  query: { sql: string; parameters: readonly unknown[] },
  types: readonly CopyType[],
): Promise<CopyRows> {
  const stream = client.query(
    copyTo(`COPY (${inlineParameters(query)}) TO STDOUT (FORMAT binary)`),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new CopyRows(Buffer.concat(chunks), types);
}

/**
 * The rows of `COPY (query) TO … (FORMAT binary)` on either database: streamed from a pooled
 * PostgreSQL connection, or written by PGlite to its `/dev/blob` device while the embedded
 * database's only connection is held.
 * @example const rows = await copyQueryOut(db, db.selectFrom('bales').select('uid').compile(), ['text']);
 */
export async function copyQueryOut(
  db: Kysely<Database>,
  query: { sql: string; parameters: readonly unknown[] },
  types: readonly CopyType[],
): Promise<CopyRows> {
  const viaPglite = await withPglite(db, async (pglite) => {
    const result = await pglite.query(
      `COPY (${inlineParameters(query)}) TO '/dev/blob' (FORMAT binary)`,
    );
    if (!result.blob) throw new Error('PGlite returned no blob for COPY TO /dev/blob.');
    return new CopyRows(Buffer.from(await result.blob.arrayBuffer()), types);
  });
  if (viaPglite) return viaPglite.value;
  const viaPostgres = await transactionWithClient(db, (_trx, client) =>
    copyRowsOut(client, query, types),
  );
  if (!viaPostgres) throw new Error('The database is neither PGlite nor PostgreSQL.');
  return viaPostgres.value;
}
