import { randomUUID } from 'node:crypto';
import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';
import { onHand, visibleBales } from '../bales/bales.repository.ts';

const priceColumns = [
  'id',
  'grade',
  'price',
  'unit',
  'premiumPerRfvPoint',
  'effectiveFrom',
  'createdAt',
] as const;

/** Every price row of the organization, oldest first (the order `pricesOn` expects). */
export function listPrices(db: Db, orgId: string) {
  return db
    .selectFrom('hayPrices')
    .select(priceColumns)
    .where('orgId', '=', orgId)
    .orderBy('effectiveFrom')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export function insertPrice(
  db: Db,
  row: {
    orgId: string;
    grade: string;
    price: number;
    unit: 'shortTon' | 'longTon' | 'tonne';
    premiumPerRfvPoint: number | null;
    effectiveFrom: string;
    createdBy: string;
    createdAt: Date;
  },
) {
  return db
    .insertInto('hayPrices')
    .values({ ...row, id: randomUUID() })
    .returning(priceColumns)
    .executeTakeFirstOrThrow();
}

/**
 * The organization's visible bales made before `before` (only `uids` if given), without those
 * loaded out for retail unless `withLoadedOut`: what the hay on hand is valued from.
 */
export function listOnHandBales(
  db: Db,
  orgId: string,
  options: { before: Date; uids?: readonly string[]; withLoadedOut: boolean },
) {
  return visibleBales(db, orgId)
    .where('bales.creationTime', '<', options.before)
    .$if(options.uids !== undefined, (q) => q.where('bales.uid', 'in', options.uids ?? []))
    .$if(!options.withLoadedOut, (q) => q.where(onHand))
    .select([
      'bales.uid',
      'bales.weightKg',
      sql<number>`date_part('epoch', bales.creation_time) * 1000`.as('createdMs'),
      'bales.rfv',
      'bales.adf',
      'bales.ndf',
      'bales.protein',
      'bales.fieldUids as fieldIds',
      sql<boolean>`not ${onHand}`.as('loadedOut'),
    ])
    .execute();
}
