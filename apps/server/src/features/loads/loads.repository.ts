import type { Database, Db, LoadsTable } from '@baletrack/db/database';
import { type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import { legumeCrop } from '../bales/bale-grade-sql.ts';
import type { BaleSelection } from '../bales/bale-selection.ts';
import { madeWithin, onHand, visibleBales } from '../bales/bales.repository.ts';

const loadColumns = [
  'loads.id',
  'loads.name',
  'loads.buyer',
  'loads.destination',
  'loads.shipDate',
  'loads.vehicle',
  'loads.notes',
  'loads.minGrade',
  'loads.status',
  'loads.createdAt',
  'loads.shippedAt',
] as const;

export type LoadRecord = Awaited<ReturnType<typeof findLoad>> & {};

/** The organization's loads, newest first. */
export function listLoads(db: Db, orgId: string) {
  return db
    .selectFrom('loads')
    .select(loadColumns)
    .where('orgId', '=', orgId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** Visible bales and their weight per load. */
export function countLoadBales(db: Db, orgId: string) {
  return visibleBales(db, orgId)
    .innerJoin('loadBales', (join) =>
      join
        .onRef('loadBales.orgId', '=', 'bales.orgId')
        .onRef('loadBales.baleUid', '=', 'bales.uid'),
    )
    .select((eb) => [
      'loadBales.loadId',
      eb.fn.countAll<number>().as('baleCount'),
      eb.fn.sum<number>('bales.weightKg').as('weightKg'),
    ])
    .groupBy('loadBales.loadId')
    .execute();
}

export function findLoad(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('loads')
    .select(loadColumns)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The load's row locked for this transaction: its status cannot change under the caller. */
export function lockLoad(trx: Transaction<Database>, orgId: string, id: string) {
  return trx
    .selectFrom('loads')
    .select(loadColumns)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertLoad(db: Db, row: Insertable<LoadsTable>) {
  await db.insertInto('loads').values(row).execute();
}

export async function updateLoad(db: Db, orgId: string, id: string, set: Updateable<LoadsTable>) {
  await db.updateTable('loads').set(set).where('orgId', '=', orgId).where('id', '=', id).execute();
}

export async function deleteLoad(db: Db, orgId: string, id: string) {
  await db.deleteFrom('loads').where('orgId', '=', orgId).where('id', '=', id).execute();
}

/** The load's visible bales with what its page, ticket and buyer's page show of each. */
export function listLoadBales(db: Db, orgId: string, loadId: string) {
  return visibleBales(db, orgId)
    .innerJoin('loadBales', (join) =>
      join
        .onRef('loadBales.orgId', '=', 'bales.orgId')
        .onRef('loadBales.baleUid', '=', 'bales.uid'),
    )
    .where('loadBales.loadId', '=', loadId)
    .select((eb) => [
      'bales.uid',
      'bales.tagSerialNumber',
      'bales.creationTime',
      'bales.fieldUids',
      'bales.weightKg',
      'bales.dryMassKg',
      'bales.avgMoisture',
      'bales.rfv',
      'bales.adf',
      'bales.ndf',
      'bales.protein',
      'bales.baleSize',
      'bales.bindingMode',
      'bales.appliedPreservativeKg',
      legumeCrop(eb).as('legume'),
    ])
    .orderBy('bales.creationTime')
    .orderBy('bales.uid')
    .execute();
}

/** What deciding whether a picked bale may join a load reads of it. */
export interface PickedBale {
  uid: string;
  tagSerialNumber: string | null;
  loadType: string | null;
  loadId: string | null;
  loadName: string | null;
}

/**
 * Visible bales picked by tag, by uid, or by a selection (a saved or given filter), each with the
 * load it is in, if any; at most `limit`.
 */
export function listPickedBales(
  db: Db,
  orgId: string,
  pick: { tags: string[] } | { uids: string[] } | { selection: BaleSelection },
  limit: number,
): Promise<PickedBale[]> {
  const base =
    'selection' in pick
      ? madeWithin(visibleBales(db, orgId, pick.selection.where), pick.selection.range)
      : 'tags' in pick
        ? visibleBales(db, orgId).where('bales.tagSerialNumber', 'in', pick.tags)
        : visibleBales(db, orgId).where('bales.uid', 'in', pick.uids);
  return base
    .leftJoin('loadBales', (join) =>
      join
        .onRef('loadBales.orgId', '=', 'bales.orgId')
        .onRef('loadBales.baleUid', '=', 'bales.uid'),
    )
    .leftJoin('loads', (join) =>
      join.onRef('loads.orgId', '=', 'loadBales.orgId').onRef('loads.id', '=', 'loadBales.loadId'),
    )
    .select([
      'bales.uid',
      'bales.tagSerialNumber',
      'bales.loadType',
      'loadBales.loadId',
      'loads.name as loadName',
    ])
    .orderBy('bales.uid')
    .limit(limit)
    .execute();
}

/** Adds bales to a load; a bale some other load took meanwhile is left out. Returns how many. */
export async function insertLoadBales(
  db: Db,
  orgId: string,
  loadId: string,
  uids: string[],
  at: Date,
) {
  if (uids.length === 0) return 0;
  const rows = await db
    .insertInto('loadBales')
    .values(uids.map((baleUid) => ({ orgId, loadId, baleUid, addedAt: at })))
    .onConflict((oc) => oc.columns(['orgId', 'baleUid']).doNothing())
    .returning('baleUid')
    .execute();
  return rows.length;
}

export async function deleteLoadBales(db: Db, orgId: string, loadId: string, uids: string[]) {
  await db
    .deleteFrom('loadBales')
    .where('orgId', '=', orgId)
    .where('loadId', '=', loadId)
    .where('baleUid', 'in', uids)
    .execute();
}

/** How many bales the load holds (visible or not: a locked month's bales still ride on it). */
export async function loadBaleCount(db: Db, orgId: string, loadId: string) {
  const row = await db
    .selectFrom('loadBales')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('orgId', '=', orgId)
    .where('loadId', '=', loadId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Marks the load's bales loaded out (`retail`) under the bale version taken by the caller, so
 * every process's map and summaries catch up and the day cells are summed again. Returns how many
 * changed.
 */
export async function markLoadBalesLoadedOut(
  trx: Transaction<Database>,
  orgId: string,
  loadId: string,
  stamp: { version: number; changedAt: Date },
) {
  const rows = await trx
    .updateTable('bales')
    .set({ loadType: 'retail', version: stamp.version, changedAt: stamp.changedAt })
    .where('orgId', '=', orgId)
    .where(onHand)
    .where('uid', 'in', (eb) =>
      eb
        .selectFrom('loadBales')
        .select('baleUid')
        .where('loadBales.orgId', '=', orgId)
        .where('loadBales.loadId', '=', loadId),
    )
    .returning('uid')
    .execute();
  return rows.length;
}

const linkColumns = [
  'id',
  'loadId',
  'token',
  'showFarmName',
  'createdAt',
  'expiresAt',
  'revokedAt',
  'openCount',
  'lastOpenedAt',
] as const;

export function listLoadLinks(db: Db, orgId: string, loadId: string) {
  return db
    .selectFrom('loadLinks')
    .select(linkColumns)
    .where('orgId', '=', orgId)
    .where('loadId', '=', loadId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertLoadLink(
  db: Db,
  row: {
    orgId: string;
    id: string;
    loadId: string;
    token: string;
    showFarmName: boolean;
    createdBy: string;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await db.insertInto('loadLinks').values(row).execute();
}

/** Revokes a live link of the load; false when there is no such link. */
export async function revokeLoadLink(
  db: Db,
  orgId: string,
  loadId: string,
  linkId: string,
  at: Date,
) {
  const found = await db
    .updateTable('loadLinks')
    .set({ revokedAt: sql<Date>`coalesce(revoked_at, ${at})` })
    .where('orgId', '=', orgId)
    .where('loadId', '=', loadId)
    .where('id', '=', linkId)
    .returning('id')
    .executeTakeFirst();
  return found !== undefined;
}

/**
 * A link that still opens at `now`, counted as opened, with its load and the organization's name
 * and units; undefined when unknown, expired or revoked.
 */
export async function openLoadLink(db: Db, orgId: string, token: string, now: Date) {
  const link = await db
    .updateTable('loadLinks')
    .set((eb) => ({ openCount: eb('openCount', '+', 1), lastOpenedAt: now }))
    .where('orgId', '=', orgId)
    .where('token', '=', token)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['loadId', 'showFarmName', 'expiresAt'])
    .executeTakeFirst();
  if (!link) return undefined;
  const organization = await pageOrganization(db, orgId);
  return organization ? { ...link, organization } : undefined;
}

/** What the ticket and the buyer's page read of the organization: its name and units. */
export function pageOrganization(db: Db, orgId: string) {
  return db
    .selectFrom('organizations')
    .select(['name', 'measurementSystem', 'rfvEnabled'])
    .where('id', '=', orgId)
    .executeTakeFirst();
}
