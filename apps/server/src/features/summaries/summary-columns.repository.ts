import type { Database } from '@baletrack/db/database';
import { type Kysely, sql, type Transaction } from 'kysely';
import { detached, interner } from '../../lib/detached-string.ts';
import { lockedBales, visibleBales } from '../bales/bales.repository.ts';
import { measureColumns } from '../bales/filter-predicate.ts';
import { listChangedUids } from '../map/map-points.repository.ts';
import { type NumericColumn, numericColumns, type SummaryBaleRow } from './summary-columns.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Rows travel as one text value, as the map's points do (map-points.repository.ts): fields split
// by ',', rows by chr(30), the uid last (ingest refuses control characters in uids).
const ROW_END = '\x1e';
const snake = (column: string) => column.replaceAll(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
// concat_ws skips nulls: every nullable value becomes '' so positions hold.
const text = (column: string) => sql`coalesce(${sql.ref(`v.${snake(column)}`)}::text, '')`;
const packedColumns = [
  sql`date_part('epoch', v.creation_time) * 1000`,
  sql`v.creation_lat`,
  sql`v.creation_lon`,
  sql`v.current_lat`,
  sql`v.current_lon`,
  ...numericColumns.map((measure) => text(measureColumns[measure].slice('bales.'.length))),
  text('balerId'),
  text('baleSize'),
  text('loadType'),
  text('bindingMode'),
  text('appliedPreservativeKg'),
  sql`array_to_string(v.field_uids, ';')`,
  sql`v.uid`,
];

/**
 * Every visible bale a summary or the map needs, or only those written after `sinceVersion`;
 * through `visibleBales`, the one visibility rule. Unordered.
 */
export async function listSummaryBales(
  db: Db,
  orgId: string,
  sinceVersion?: number,
): Promise<SummaryBaleRow[]> {
  const changed = await listChangedUids(db, orgId, sinceVersion);
  if (Array.isArray(changed) && changed.length === 0) return [];
  const row = await db
    .selectFrom(
      visibleBales(db, orgId)
        .selectAll('bales')
        .$if(Array.isArray(changed), (q) => q.where('bales.uid', 'in', changed as string[]))
        .$if(changed === 'many', (q) => q.where('bales.version', '>', sinceVersion as number))
        .as('v'),
    )
    .select(
      sql<string | null>`string_agg(concat_ws(',', ${sql.join(packedColumns)}), chr(30))`.as(
        'packed',
      ),
    )
    .executeTakeFirstOrThrow();
  return row.packed ? unpack(row.packed) : [];
}

/** Reads the packed rows with a cursor: no array of lines, no array of fields per row. */
function unpack(packed: string): SummaryBaleRow[] {
  const rows: SummaryBaleRow[] = [];
  // Strings kept from the read are copies: a slice would keep the whole packed text alive.
  const intern = interner();
  const lists = new Map<string, string[]>();
  const fieldLists = (joined: string) => {
    let list = lists.get(joined);
    if (!list) {
      list = joined === '' ? [] : joined.split(';').map(intern);
      lists.set(joined, list);
    }
    return list;
  };
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
    const createdMs = Number(next());
    const creationLat = Number(next());
    const creationLon = Number(next());
    const currentLat = Number(next());
    const currentLon = Number(next());
    const numbers = {} as Record<NumericColumn, number>;
    for (const column of numericColumns) numbers[column] = nextNumber();
    const balerId = intern(next());
    const baleSize = intern(next());
    const loadType = intern(next());
    const bindingMode = intern(next());
    const preservative = nextNumber();
    const fieldUids = next();
    const end = packed.indexOf(ROW_END, at);
    const uid = detached(packed.slice(at, end === -1 ? packed.length : end));
    at = end === -1 ? packed.length : end + 1;
    rows.push({
      uid,
      createdMs,
      creationLat,
      creationLon,
      currentLat,
      currentLon,
      numbers,
      balerId,
      baleSize,
      loadType: loadType === '' ? null : loadType,
      bindingMode,
      appliedPreservativeKg: Number.isNaN(preservative) ? null : preservative,
      fieldUids: fieldLists(fieldUids),
    });
  }
  return rows;
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
      lockedBales(db, orgId)
        .select('bales.uid')
        .$if(Array.isArray(changed), (q) => q.where('bales.uid', 'in', changed as string[]))
        .$if(changed === 'many', (q) => q.where('bales.version', '>', sinceVersion))
        .as('v'),
    )
    .select(sql<string | null>`string_agg(v.uid, chr(30))`.as('packed'))
    .executeTakeFirstOrThrow();
  return row.packed ? row.packed.split(ROW_END) : [];
}
