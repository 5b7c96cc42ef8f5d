import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import { visibleBales } from '../bales/bales.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the heat-risk rule reads of a bale. */
const riskColumns = [
  'bales.uid',
  'bales.creationTime',
  'bales.currentLat',
  'bales.currentLon',
  'bales.avgMoisture',
  'bales.peakMoisture',
  'bales.baleSize',
  'bales.appliedPreservativeKg',
  'bales.bindingMode',
] as const;

/**
 * The organization's visible bales made since `since` and wetter than `aboveMoisture`: the only
 * ones the heat-risk rule can flag (older or drier bales are never at risk).
 */
export function listWetRecentBales(db: Db, orgId: string, since: Date, aboveMoisture: number) {
  return visibleBales(db, orgId)
    .select(riskColumns)
    .where('bales.creationTime', '>=', since)
    .where('bales.avgMoisture', '>', aboveMoisture)
    .orderBy('bales.uid')
    .execute();
}

/** Organizations with any bale (visible or not) made since `since` and wetter than the bound. */
export async function listOrgsWithWetRecentBales(
  db: Db,
  since: Date,
  aboveMoisture: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('bales')
    .select('orgId')
    .distinct()
    .where('creationTime', '>=', since)
    .where('avgMoisture', '>', aboveMoisture)
    .execute();
  return rows.map((r) => r.orgId);
}

/** Whether the organization's heat-risk mail of `day` was already queued. */
export async function hasHeatRiskMail(db: Db, orgId: string, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('heatRiskMails')
    .select('day')
    .where('orgId', '=', orgId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the day's mail; false when the day already had one (the key makes a second insert, or
 * one from another process, a no-op), in which case nothing may be sent.
 */
export async function claimHeatRiskMail(
  trx: Transaction<Database>,
  mail: { orgId: string; day: string; entryCount: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('heatRiskMails')
    .values(mail)
    .onConflict((oc) => oc.columns(['orgId', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return inserted !== undefined;
}
