import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

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
    .executeTakeFirst();
}

export function findVinOwner(db: Db, vin: string) {
  return db.selectFrom('balers').select(['id', 'orgId']).where('vin', '=', vin).executeTakeFirst();
}

export function findBaler(db: Db, orgId: string, balerId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'name', 'vin', 'active'])
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .executeTakeFirst();
}

export function listBalers(db: Db, orgId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'name', 'vin', 'active'])
    .where('orgId', '=', orgId)
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
