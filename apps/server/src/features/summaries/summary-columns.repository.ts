import { transactionWithClient } from '@baletrack/db/connect';
import { type CopyFieldReader, RepeatedText, readCopyRows } from '@baletrack/db/copy-reader';
import type { Database, Db } from '@baletrack/db/database';
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { detached, interner } from '../../lib/detached-string.ts';
import { changedUids, MAX_LISTED_UIDS } from '../bales/bale-stamps.repository.ts';
import { balesByUidWithVisibility, lockedBales, visibleBales } from '../bales/bales.repository.ts';
import { measureColumns } from '../bales/filter-predicate.ts';
import { numericColumns } from './summary-columns.ts';
import {
  columnsCapacity,
  emptyBatch,
  fieldListReader,
  nextRow,
  type VisibleBaleBatch,
} from './visible-bale-batch.ts';

// PostgreSQL: the rows through binary COPY, read field by field into the batch's columns
// (copy-out.ts). PGlite: one text value, as uids travel (bales/bale-stamps.repository.ts): fields
// split by ',', rows by chr(30), the uid last (ingest refuses control characters in uids);
// moving 200,000 rows through PGlite row by row costs seconds. Both select the same values:
// numbers as float8 (NaN for null), text columns as text.
const ROW_END = '\x1e';
const snake = (column: string) => column.replaceAll(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const number = (column: string) => sql`${sql.ref(`v.${snake(column)}`)}::float8`;
const textOf = (column: string) => sql`${sql.ref(`v.${snake(column)}`)}::text`;
const selected = [
  sql`date_part('epoch', v.creation_time) * 1000`,
  sql`v.creation_lat::float8`,
  sql`v.creation_lon::float8`,
  sql`v.current_lat::float8`,
  sql`v.current_lon::float8`,
  ...numericColumns.map((measure) => number(measureColumns[measure].slice('bales.'.length))),
  textOf('balerId'),
  textOf('baleSize'),
  textOf('loadType'),
  textOf('bindingMode'),
  number('appliedPreservativeKg'),
  sql`array_to_string(v.field_uids, ';')`,
  sql`v.uid`,
];
// concat_ws skips nulls: every nullable value becomes '' so positions hold.
const packed = selected.map((value) => sql`coalesce((${value})::text, '')`);

/** A bale the visibility rule hides (kept and counted, never shown) and when it was made. */
export interface LockedBale {
  uid: string;
  createdMs: number;
}

/** One read of an organization's bales for the summary columns built from them. */
export interface BaleRead {
  visible: VisibleBaleBatch;
  locked: LockedBale[];
}

/**
 * Every bale a summary or the map needs, or only those written after `sinceVersion`: the visible
 * ones through `visibleBales` (the one visibility rule) with every value, the locked ones by uid
 * and creation instant. Unordered. A few changed bales (a catch-up) are found and read in one
 * query, visible and locked together, by uid (`changedUids`, `balesByUidWithVisibility`); many,
 * or all, visible ones through binary COPY on PostgreSQL.
 */
export async function listSummaryBales(
  db: Kysely<Database>,
  orgId: string,
  sinceVersion?: number,
): Promise<BaleRead> {
  if (sinceVersion !== undefined) {
    const { n, packed } = await db
      .selectFrom(db.selectNoFrom(changedUids(orgId, sinceVersion).as('uids')).as('c'))
      .select([
        sql<number>`cardinality(c.uids)`.as('n'),
        sql<
          string | null
        >`case when cardinality(c.uids) > ${MAX_LISTED_UIDS} then null else (${packedRows(
          db.selectFrom(
            balesByUidWithVisibility(db, orgId, sql<string[]>`c.uids`).selectAll('bales').as('v'),
          ),
          true,
        )}) end`.as('packed'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(n) <= MAX_LISTED_UIDS) return unpack(packed ?? '', true);
  }
  const [visible, locked] = await Promise.all([
    listVisible(db, orgId, sinceVersion),
    listLocked(db, orgId, sinceVersion),
  ]);
  return { visible, locked };
}

/** The visible bales (all, or written after `since`), through binary COPY on PostgreSQL. */
async function listVisible(
  db: Kysely<Database>,
  orgId: string,
  since: number | undefined,
): Promise<VisibleBaleBatch> {
  const rows = (q: Db) =>
    q.selectFrom(
      visibleBales(q, orgId)
        .selectAll('bales')
        .$if(since !== undefined, (b) => b.where('bales.version', '>', since as number))
        .as('v'),
    );
  const copied = await transactionWithClient(db, async (trx, client) => {
    // A full read is counted first so the batch is the summary columns' size: they take its
    // number arrays instead of copying them, and nothing grows by copies as rows arrive.
    let capacity: number | undefined;
    if (since === undefined) {
      const { n } = await rows(trx)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      capacity = columnsCapacity(Number(n));
    }
    const batch = emptyBatch(capacity);
    const query = rows(trx).select(selected.map((value, i) => value.as(`c${i}`)));
    await readCopyRows(client, query.compile(), readRow(batch));
    return batch;
  });
  if (copied) return copied.value;
  const { packed } = await packedRows(rows(db), false).executeTakeFirstOrThrow();
  return unpack(packed ?? '', false).visible;
}

/** The locked bales (all, or written after `since`): uid and creation instant, as one text. */
async function listLocked(db: Db, orgId: string, since: number | undefined): Promise<LockedBale[]> {
  const row = await db
    .selectFrom(
      lockedBales(db, orgId)
        .$if(since !== undefined, (q) => q.where('bales.version', '>', since as number))
        .select(['bales.uid', 'bales.creationTime'])
        .as('v'),
    )
    .select(
      sql<string | null>`string_agg(concat_ws(',', date_part('epoch', v.creation_time) * 1000,
        v.uid), chr(30))`.as('packed'),
    )
    .executeTakeFirstOrThrow();
  const locked: LockedBale[] = [];
  const packed = row.packed ?? '';
  for (let at = 0; at < packed.length; ) {
    const comma = packed.indexOf(',', at);
    const end = packed.indexOf(ROW_END, comma);
    const stop = end === -1 ? packed.length : end;
    // A copy: a slice would keep the whole packed text alive as long as the uid.
    locked.push({
      createdMs: Number(packed.slice(at, comma)),
      uid: detached(packed.slice(comma + 1, stop)),
    });
    at = stop + 1;
  }
  return locked;
}

/**
 * The rows as one packed text value (PGlite, and a few bales on PostgreSQL). With `flagged`, the
 * rows carry the query's `visible` value first (`unpack` returns the locked ones apart).
 */
function packedRows(
  from: SelectQueryBuilder<
    Database & { v: Selectable<Database['bales']> & { visible?: boolean } },
    'v',
    object
  >,
  flagged: boolean,
) {
  const values = flagged ? [sql`v.visible::text`, ...packed] : packed;
  return from.select(
    sql<string | null>`string_agg(concat_ws(',', ${sql.join(values)}), chr(30))`.as('packed'),
  );
}

/** Reads the binary rows into the batch, in the order `selected` names their values. */
function readRow(batch: VisibleBaleBatch): (row: CopyFieldReader) => void {
  const [balerIds, sizes, loadTypes, bindings, fieldLists] = Array.from(
    { length: 5 },
    () => new RepeatedText(),
  ) as [RepeatedText, RepeatedText, RepeatedText, RepeatedText, RepeatedText];
  const fieldList = fieldListReader();
  const [firstNumeric] = numericColumns as unknown as [keyof VisibleBaleBatch['numbers']];
  let numbers: Float64Array[] = [];
  return (row) => {
    const i = nextRow(batch);
    batch.createdMs[i] = row.float8();
    batch.creationLat[i] = row.float8();
    batch.creationLon[i] = row.float8();
    batch.currentLat[i] = row.float8();
    batch.currentLon[i] = row.float8();
    // The number columns as an array (a keyed read per value is slow), again when they grew.
    if (numbers[0] !== batch.numbers[firstNumeric]) {
      numbers = numericColumns.map((column) => batch.numbers[column]);
    }
    for (let n = 0; n < numbers.length; n += 1) (numbers[n] as Float64Array)[i] = row.float8();
    batch.balerId[i] = row.repeated(balerIds) ?? '';
    batch.baleSize[i] = row.repeated(sizes) ?? '';
    batch.loadType[i] = row.repeated(loadTypes);
    batch.bindingMode[i] = row.repeated(bindings) ?? '';
    batch.appliedPreservativeKg[i] = row.float8();
    batch.fieldUids[i] = fieldList(row.repeated(fieldLists) ?? '');
    batch.uid[i] = row.text() ?? '';
  };
}

/** Reads the packed rows with a cursor: no array of lines, no array of fields per row. */
function unpack(packed: string, flagged: boolean): BaleRead {
  const batch = emptyBatch();
  const locked: LockedBale[] = [];
  // Strings kept from the read are copies: a slice would keep the whole packed text alive.
  const intern = interner();
  const fieldList = fieldListReader();
  let at = 0;
  const next = () => {
    const comma = packed.indexOf(',', at);
    const value = packed.slice(at, comma);
    at = comma + 1;
    return value;
  };
  const nextNumber = () => {
    const value = next();
    return value === '' ? Number.NaN : Number(value);
  };
  const nextUid = () => {
    const end = packed.indexOf(ROW_END, at);
    const uid = detached(packed.slice(at, end === -1 ? packed.length : end));
    at = end === -1 ? packed.length : end + 1;
    return uid;
  };
  while (at < packed.length) {
    if (flagged && next() === 'false') {
      const createdMs = Number(next());
      // The uid comes after every other selected value (it may hold commas).
      for (let field = 2; field < selected.length; field += 1) next();
      locked.push({ createdMs, uid: nextUid() });
      continue;
    }
    const i = nextRow(batch);
    batch.createdMs[i] = Number(next());
    batch.creationLat[i] = Number(next());
    batch.creationLon[i] = Number(next());
    batch.currentLat[i] = Number(next());
    batch.currentLon[i] = Number(next());
    for (const column of numericColumns) batch.numbers[column][i] = nextNumber();
    batch.balerId[i] = intern(next());
    batch.baleSize[i] = intern(next());
    const loadType = intern(next());
    batch.loadType[i] = loadType === '' ? null : loadType;
    batch.bindingMode[i] = intern(next());
    batch.appliedPreservativeKg[i] = nextNumber();
    batch.fieldUids[i] = fieldList(intern(next()));
    batch.uid[i] = nextUid();
  }
  return { visible: batch, locked };
}
