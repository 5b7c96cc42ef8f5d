// Whether a reader's copy of an organization's visible bales is current (the summaries' columns,
// the heatmaps kept): the bale-write version stamps, the uids changed since a version, the
// visible uids. Here, with the bales, so every reader reads them one way.
import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';
import type { BaleStamp } from '../../lib/stamped-cache.ts';

// Past this many changed bales a catch-up reads them by version, as a full load does.
export const MAX_LISTED_UIDS = 2_000;

/**
 * The uids written after `sinceVersion`, as one SQL array value found by the (org_id, version)
 * index: at most 2,001 of them (past `MAX_LISTED_UIDS` a catch-up reads by version instead).
 * Meant for `uid = ANY(…)`, which looks each one up in the primary key whatever the planner's
 * statistics: joined with the visibility rule, planners without fresh statistics (PGlite never
 * has any; PostgreSQL right after a bulk load) walk every bale of the subscribed months and
 * filter by version, tens of milliseconds for one new bale.
 * @example sql`select cardinality(${changedUids(orgId, columns.baleVersion)})`
 */
export function changedUids(orgId: string, sinceVersion: number) {
  return sql<string[]>`array(select uid from bales where org_id = ${orgId}
    and version > ${sinceVersion} limit ${MAX_LISTED_UIDS + 1})`;
}

/**
 * What decides what the organization may see, as two SQL values: its bale version (bumped by
 * every bale write) and its number of active subscription months (months are only ever added or
 * activated). Read alone by `readBaleStamp`, or with what a request reads anyway
 * (`readSummaryReference`), so a request costs one query less.
 */
export function baleStampValues(orgId: string) {
  return {
    baleVersion: sql<string | number | null>`(select version from bale_versions
      where org_id = ${orgId})`,
    activeMonths: sql<string | number>`(select count(*) from baler_subscription_months
      where org_id = ${orgId} and status = 'active')`,
  };
}

/** The stamp from the values `baleStampValues` selected. */
export function toBaleStamp(row: {
  baleVersion: string | number | null;
  activeMonths: string | number;
}): BaleStamp {
  return { baleVersion: Number(row.baleVersion ?? 0), activeMonths: Number(row.activeMonths) };
}

/** The organization's stamp (`baleStampValues`). */
export async function readBaleStamp(db: Db, orgId: string): Promise<BaleStamp> {
  const { baleVersion, activeMonths } = baleStampValues(orgId);
  const row = await db
    .selectNoFrom([baleVersion.as('baleVersion'), activeMonths.as('activeMonths')])
    .executeTakeFirstOrThrow();
  return toBaleStamp(row);
}
