import type { Database } from '@baletrack/db/database';
import { type Kysely, sql, type Transaction } from 'kysely';
import { detached } from '../../lib/detached-string.ts';
import { lockedBales, visibleBales, visibleBalesByUid } from '../bales/bales.repository.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Rows travel as one text value: moving 200,000 rows column by column through PGlite costs
// seconds, one aggregated string a fraction of that. Rows are split by chr(30) (record
// separator); the uid comes last (ingest refuses control characters in uids), so it may hold
// commas. The visible bales themselves are read once for the map and the summaries
// (summaries/visible-bale-rows.ts).
const ROW_END = '\x1e';

/** The uids of visible bales meeting an applied filter's condition (packed like map points). */
export async function listVisibleUids(
  db: Db,
  orgId: string,
  where: BalePredicate,
): Promise<string[]> {
  const row = await db
    .selectFrom(visibleBales(db, orgId, where).select('bales.uid').as('v'))
    .select(sql<string | null>`string_agg(v.uid, chr(30))`.as('packed'))
    .executeTakeFirstOrThrow();
  return row.packed ? row.packed.split(ROW_END) : [];
}

// Past this many changed bales a catch-up reads them by version, as a full load does.
const MAX_LISTED_UIDS = 2_000;

/**
 * What a catch-up reads after `sinceVersion`: undefined for everything (a full load), the uids
 * written since (found by the (org_id, version) index), or 'many' past 2,000 of them. Joined with
 * the visibility rule in one query, planners without fresh statistics (PGlite never has any;
 * PostgreSQL right after a bulk load) walk every bale of the subscribed months and filter by
 * version: tens of milliseconds for one new bale.
 * @example const changed = await listChangedUids(db, orgId, snapshot.baleVersion);
 */
export async function listChangedUids(
  db: Db,
  orgId: string,
  sinceVersion: number | undefined,
): Promise<string[] | 'many' | undefined> {
  if (sinceVersion === undefined) return undefined;
  const rows = await db
    .selectFrom('bales')
    .select('uid')
    .where('orgId', '=', orgId)
    .where('version', '>', sinceVersion)
    .limit(MAX_LISTED_UIDS + 1)
    .execute();
  return rows.length > MAX_LISTED_UIDS ? 'many' : rows.map((row) => row.uid);
}

/** Locked bales' uids and creation instants (all, or written after `sinceVersion`). */
export async function listLockedCreationTimes(
  db: Db,
  orgId: string,
  sinceVersion?: number,
): Promise<{ uid: string; createdMs: number }[]> {
  const changed = await listChangedUids(db, orgId, sinceVersion);
  if (Array.isArray(changed) && changed.length === 0) return [];
  const row = await db
    .selectFrom(
      (Array.isArray(changed)
        ? visibleBalesByUid(db, orgId, changed, true)
        : lockedBales(db, orgId).$if(changed === 'many', (q) =>
            q.where('bales.version', '>', sinceVersion as number),
          )
      )
        .select(['bales.uid', 'bales.creationTime'])
        .as('v'),
    )
    .select(
      sql<string | null>`string_agg(concat_ws(',', date_part('epoch', v.creation_time) * 1000,
        v.uid), chr(30))`.as('packed'),
    )
    .executeTakeFirstOrThrow();
  return unpack(row.packed, 1).map((f) => ({
    createdMs: Number(f[0]),
    // A copy: a slice would keep the whole packed text alive as long as the uid.
    uid: detached(f[1] as string),
  }));
}

/** Splits packed rows into `fixed` fields plus the rest (the uid). */
function unpack(packed: string | null, fixed: number): string[][] {
  if (!packed) return [];
  const rows: string[][] = [];
  let start = 0;
  while (start < packed.length) {
    const end = packed.indexOf(ROW_END, start);
    const line = packed.slice(start, end === -1 ? packed.length : end);
    const fields: string[] = [];
    let from = 0;
    for (let i = 0; i < fixed; i += 1) {
      const comma = line.indexOf(',', from);
      fields.push(line.slice(from, comma));
      from = comma + 1;
    }
    fields.push(line.slice(from));
    rows.push(fields);
    start = end === -1 ? packed.length : end + 1;
  }
  return rows;
}

/**
 * What decides what the organization may see: its bale version (bumped by every bale write) and
 * its number of active subscription months (months are only ever added or activated).
 */
export async function mapIndexStamp(
  db: Db,
  orgId: string,
): Promise<{ baleVersion: number; activeMonths: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('baleVersions').select('version').where('orgId', '=', orgId).as('baleVersion'),
      eb
        .selectFrom('balerSubscriptionMonths')
        .select((m) => m.fn.countAll<number>().as('n'))
        .where('orgId', '=', orgId)
        .where('status', '=', 'active')
        .as('activeMonths'),
    ])
    .executeTakeFirstOrThrow();
  return { baleVersion: Number(row.baleVersion ?? 0), activeMonths: Number(row.activeMonths ?? 0) };
}
