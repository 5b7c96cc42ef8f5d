import type { Database, Db } from '@baletrack/db/database';
import type { Transaction } from 'kysely';

export interface NewBaler {
  id: string;
  vin: string;
  name: string;
  active?: boolean;
  /** Keyed hash of the baler's ingest API key; null for a baler without one. */
  apiKeyHash: string | null;
}

/**
 * Stores balers of one organization (VINs are unique platform-wide).
 * @example await insertBalers(db, orgId, [{ id, vin, name: 'Big Baler', apiKeyHash }]);
 */
export async function insertBalers(db: Db, orgId: string, balers: NewBaler[]): Promise<void> {
  if (balers.length === 0) return;
  await db
    .insertInto('balers')
    .values(balers.map((baler) => ({ orgId, ...baler })))
    .execute();
}

/** The active baler an ingest key belongs to, with its organization. */
export function findActiveBalerByKeyHash(db: Db, apiKeyHash: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'orgId', 'vin', 'name'])
    .where('apiKeyHash', '=', apiKeyHash)
    .where('active', '=', true)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The organization a VIN is registered to now (a deleted baler no longer holds its VIN). */
export function findVinOwner(db: Db, vin: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'orgId'])
    .where('vin', '=', vin)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** A baler of the organization, deleted ones included: their bales still name them. */
export function findBaler(db: Db, orgId: string, balerId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'name', 'vin', 'active'])
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .executeTakeFirst();
}

/** The organization's balers, without deleted ones. */
export function listBalers(db: Db, orgId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'name', 'vin', 'active', 'autoRenewSince'])
    .where('orgId', '=', orgId)
    .where('deletedAt', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A baler by id alone: ingest knows the baler (from its key), not yet the organization. */
export function findBalerById(db: Db, balerId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'orgId', 'vin', 'active'])
    .where('id', '=', balerId)
    .executeTakeFirst();
}

/** A baler the owner may still act on: of the organization and not deleted. */
export function findLiveBaler(db: Db, orgId: string, balerId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'name', 'vin', 'active', 'autoRenewSince'])
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Changes a live baler's name, active switch or key hash; false when there is no such baler. */
export async function updateBaler(
  db: Db,
  orgId: string,
  balerId: string,
  changes: { name?: string; active?: boolean; apiKeyHash?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('balers')
    .set(changes)
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks a baler deleted: its key stops working, its VIN is free, its bales and active months stay
 * (so they stay visible as before); false when there is no such live baler. Its scheduled months
 * are the caller's to refund in the same transaction.
 */
export async function markBalerDeleted(
  db: Db,
  orgId: string,
  balerId: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('balers')
    .set({ deletedAt: at, active: false, apiKeyHash: null, autoRenewSince: null })
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * What the foreign key from bales to their baler checked for every row, once for a batch
 * (migration 0018): the baler is of the organization and not deleted, and stays so until the
 * caller's transaction ends (`FOR KEY SHARE`, the lock the key took per row). Every writer of
 * bales calls it before writing; closing the account waits for such a batch to commit
 * (`lockBalersForRemoval`), and a batch starting after that finds its baler gone. False when
 * there is no such baler.
 * @example if (!(await lockBalerForBales(trx, orgId, balerId))) throw new AppError(...);
 */
export async function lockBalerForBales(
  trx: Transaction<Database>,
  orgId: string,
  balerId: string,
): Promise<boolean> {
  const baler = await trx
    .selectFrom('balers')
    .select('id')
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .where('deletedAt', 'is', null)
    .forKeyShare()
    .executeTakeFirst();
  return baler !== undefined;
}

/**
 * Locks every baler of the organization, deleted ones too, `FOR UPDATE` until the caller's
 * transaction ends: it waits for each batch holding `lockBalerForBales` on one to commit, and
 * makes each later batch wait, so the organization's bales can then be deleted with none to come.
 */
export async function lockBalersForRemoval(
  trx: Transaction<Database>,
  orgId: string,
): Promise<void> {
  await trx.selectFrom('balers').select('id').where('orgId', '=', orgId).forUpdate().execute();
}
