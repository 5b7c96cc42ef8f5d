import { transactionWithClient } from '@baletrack/db/connect';
import { type CopyFieldReader, RepeatedText, readCopyRows } from '@baletrack/db/copy-reader';
import type { Database } from '@baletrack/db/database';
import {
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from 'kysely';
import { detached, interner } from '../../lib/detached-string.ts';
import { lockedBales, visibleBales, visibleBalesByUid } from '../bales/bales.repository.ts';
import { measureColumns } from '../bales/filter-predicate.ts';
import { listChangedUids } from '../map/map-points.repository.ts';
import { numericColumns } from './summary-columns.ts';
import {
  columnsCapacity,
  emptyBatch,
  fieldListReader,
  nextRow,
  type VisibleBaleBatch,
} from './visible-bale-batch.ts';

type Db = Kysely<Database> | Transaction<Database>;

// PostgreSQL: the rows through binary COPY, read field by field into the batch's columns
// (copy-out.ts). PGlite: one text value, as the map's points travel (map-points.repository.ts):
// fields split by ',', rows by chr(30), the uid last (ingest refuses control characters in
// uids); moving 200,000 rows through PGlite row by row costs seconds. Both select the same
// values: numbers as float8 (NaN for null), text columns as text.
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

/**
 * Every visible bale a summary or the map needs, or only those written after `sinceVersion`;
 * through `visibleBales`, the one visibility rule. Unordered. A few changed bales are read by
 * uid (`visibleBalesByUid`) as one text value; many, or all, through binary COPY on PostgreSQL.
 */
export async function listSummaryBales(
  db: Kysely<Database>,
  orgId: string,
  sinceVersion?: number,
): Promise<VisibleBaleBatch> {
  const changed = await listChangedUids(db, orgId, sinceVersion);
  if (Array.isArray(changed)) {
    if (changed.length === 0) return emptyBatch(0);
    return readPacked(
      db.selectFrom(visibleBalesByUid(db, orgId, changed).selectAll('bales').as('v')),
    );
  }
  const rows = (q: Db) =>
    q.selectFrom(
      visibleBales(q, orgId)
        .selectAll('bales')
        .$if(changed === 'many', (b) => b.where('bales.version', '>', sinceVersion as number))
        .as('v'),
    );
  const copied = await transactionWithClient(db, async (trx, client) => {
    // A full read is counted first so the batch is the summary columns' size: they take its
    // number arrays instead of copying them, and nothing grows by copies as rows arrive.
    let capacity: number | undefined;
    if (changed === undefined) {
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
  return copied ? copied.value : readPacked(rows(db));
}

/** The rows as one packed text value (PGlite, and a few bales on PostgreSQL). */
async function readPacked(
  from: SelectQueryBuilder<Database & { v: Selectable<Database['bales']> }, 'v', object>,
): Promise<VisibleBaleBatch> {
  const row = await from
    .select(
      sql<string | null>`string_agg(concat_ws(',', ${sql.join(packed)}), chr(30))`.as('packed'),
    )
    .executeTakeFirstOrThrow();
  return row.packed ? unpack(row.packed) : emptyBatch(0);
}

/** Reads the binary rows into the batch, in the order `selected` names their values. */
function readRow(batch: VisibleBaleBatch): (row: CopyFieldReader) => void {
  const [balerIds, sizes, loadTypes, bindings, fieldLists] = Array.from(
    { length: 5 },
    () => new RepeatedText(),
  ) as [RepeatedText, RepeatedText, RepeatedText, RepeatedText, RepeatedText];
  const fieldList = fieldListReader();
  return (row) => {
    const i = nextRow(batch);
    batch.createdMs[i] = row.float8();
    batch.creationLat[i] = row.float8();
    batch.creationLon[i] = row.float8();
    batch.currentLat[i] = row.float8();
    batch.currentLon[i] = row.float8();
    for (const column of numericColumns) batch.numbers[column][i] = row.float8();
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
function unpack(packed: string): VisibleBaleBatch {
  const batch = emptyBatch();
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
  while (at < packed.length) {
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
    const end = packed.indexOf(ROW_END, at);
    batch.uid[i] = detached(packed.slice(at, end === -1 ? packed.length : end));
    at = end === -1 ? packed.length : end + 1;
  }
  return batch;
}

/** Uids of the organization's locked bales written after `sinceVersion`. */
export async function listLockedSince(
  db: Db,
  orgId: string,
  sinceVersion: number,
): Promise<string[]> {
  const changed = await listChangedUids(db, orgId, sinceVersion);
  if (Array.isArray(changed) && changed.length === 0) return [];
  const row = await db
    .selectFrom(
      (Array.isArray(changed)
        ? visibleBalesByUid(db, orgId, changed, true)
        : lockedBales(db, orgId).where('bales.version', '>', sinceVersion)
      )
        .select('bales.uid')
        .as('v'),
    )
    .select(sql<string | null>`string_agg(v.uid, chr(30))`.as('packed'))
    .executeTakeFirstOrThrow();
  return row.packed ? row.packed.split(ROW_END) : [];
}
