import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';
import type { BaleStamp } from '../../lib/stamped-cache.ts';
import { baleStampValues, toBaleStamp } from '../bales/bale-stamps.repository.ts';

export interface ReferenceCutting {
  id: string;
  name: string;
  year: number;
  /** 'YYYY-MM-DD', inclusive. */
  startDate: string;
  endDate: string;
  cropId: string | null;
  fieldIds: string[];
}

/**
 * What a summary reads besides bales: cuttings (with their fields), crops, fields and balers.
 * They change without a bale version (a cutting's days, a crop's name), so they are read afresh
 * on every request: a few dozen rows, one query. The same query reads the bales' stamp, which
 * the request then hands to the cache (`SummaryCache.columns`).
 */
export interface SummaryReference {
  stamp: BaleStamp;
  cuttings: ReferenceCutting[];
  crops: { id: string; name: string }[];
  fields: { id: string; name: string }[];
  balers: { id: string; name: string }[];
}

const named = (table: 'crops' | 'fields' | 'balers', orgId: string) =>
  sql`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name)), '[]')
    from ${sql.table(table)} as t where t.org_id = ${orgId})`;

export async function readSummaryReference(db: Db, orgId: string): Promise<SummaryReference> {
  const stamp = baleStampValues(orgId);
  const { rows } = await sql<
    Omit<SummaryReference, 'stamp'> & Parameters<typeof toBaleStamp>[0]
  >`select
    ${stamp.baleVersion} as "baleVersion",
    ${stamp.activeMonths} as "activeMonths",
    (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'year', c.year,
        'startDate', c.start_date, 'endDate', c.end_date, 'cropId', c.crop_id,
        'fieldIds', (select coalesce(json_agg(f.field_id), '[]') from cutting_fields as f
          where f.org_id = c.org_id and f.cutting_id = c.id))), '[]')
      from cuttings as c where c.org_id = ${orgId}) as cuttings,
    ${named('crops', orgId)} as crops,
    ${named('fields', orgId)} as fields,
    ${named('balers', orgId)} as balers`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The summary reference query returned no row.');
  const { baleVersion, activeMonths, ...reference } = row;
  return { ...reference, stamp: toBaleStamp({ baleVersion, activeMonths }) };
}
