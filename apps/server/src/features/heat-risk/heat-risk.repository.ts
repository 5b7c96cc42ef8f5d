import type { Database, Db } from '@baletrack/db/database';
import { sql, type Transaction } from 'kysely';
import { onHand, visibleBales } from '../bales/bales.repository.ts';
import { lockOrganization } from '../users/users.repository.ts';

/** What the heat-risk rule reads of a bale. */
const riskColumns = [
  'bales.uid',
  'bales.tagSerialNumber',
  'bales.creationTime',
  'bales.currentLat',
  'bales.currentLon',
  'bales.creationLat',
  'bales.creationLon',
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
  return (
    visibleBales(db, orgId)
      .select(riskColumns)
      .where('bales.creationTime', '>=', since)
      .where('bales.avgMoisture', '>', aboveMoisture)
      // Loaded out (sold, or on a shipped load): no longer on the farm to heat.
      .where(onHand)
      .orderBy('bales.uid')
      .execute()
  );
}

/**
 * Organizations without a heat-risk mail on `day` that have a bale (visible or not) made since
 * `since` and wetter than the bound: the only ones the day's mail can be for. Asked per
 * organization so that the (organization, creation time) index answers it.
 */
export async function listOrgsToCheckForHeatRisk(
  db: Db,
  options: { since: Date; aboveMoisture: number; day: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('organizations')
    .select('organizations.id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('bales')
          .select('bales.uid')
          .whereRef('bales.orgId', '=', 'organizations.id')
          .where('bales.creationTime', '>=', options.since)
          .where('bales.avgMoisture', '>', options.aboveMoisture),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('heatRiskMails')
            .select('heatRiskMails.day')
            .whereRef('heatRiskMails.orgId', '=', 'organizations.id')
            .where('heatRiskMails.day', '=', options.day),
        ),
      ),
    )
    .orderBy('organizations.id')
    .execute();
  return rows.map((r) => r.id);
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

/** The people chosen for the heat-risk mail, by id. */
export async function listHeatRiskRecipients(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('heatRiskRecipients')
    .select('userId')
    .where('orgId', '=', orgId)
    .orderBy('userId')
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * Replaces the chosen people with these of the organization's users; answers how many of the ids
 * were its users (fewer than asked: some id is not, and the caller rolls back). Two replacements
 * at once take turns on the organization's row, the later one winning whole.
 */
export async function replaceHeatRiskRecipients(
  trx: Transaction<Database>,
  orgId: string,
  userIds: readonly string[],
): Promise<number> {
  await lockOrganization(trx, orgId);
  await trx.deleteFrom('heatRiskRecipients').where('orgId', '=', orgId).execute();
  if (userIds.length === 0) return 0;
  const inserted = await trx
    .insertInto('heatRiskRecipients')
    .columns(['orgId', 'userId'])
    .expression(
      trx
        .selectFrom('users')
        .select((eb) => [eb.val(orgId).as('orgId'), 'users.id'])
        .where('users.orgId', '=', orgId)
        .where('users.id', 'in', [...userIds]),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Where the day's mail goes: the organization's enabled owners and the enabled people chosen for
 * it, each address once.
 */
export async function listHeatRiskMailAddresses(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('users.orgId', '=', orgId)
    .where('users.enabled', '=', true)
    .where((eb) =>
      eb.or([
        sql<boolean>`'AccountsOwner' = any(users.groups)`,
        eb.exists(
          eb
            .selectFrom('heatRiskRecipients')
            .select('heatRiskRecipients.userId')
            .whereRef('heatRiskRecipients.userId', '=', 'users.id')
            .where('heatRiskRecipients.orgId', '=', orgId),
        ),
      ]),
    )
    .orderBy('users.createdAt')
    .execute();
  return [...new Set(rows.map((r) => r.email))];
}
