import { randomUUID } from 'node:crypto';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import { visibleBales } from '../bales/bales.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

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
 * The hay on hand: visible bales not loaded out for retail (docs/product.md#bales: `loadType`),
 * made before `before`; only `uids` when given.
 */
export function listBalesOnHand(db: Db, orgId: string, before: Date, uids?: readonly string[]) {
  return visibleBales(db, orgId)
    .select([
      'bales.uid',
      'bales.creationTime',
      'bales.weightKg',
      'bales.rfv',
      'bales.adf',
      'bales.ndf',
      'bales.protein',
      'bales.fieldUids',
    ])
    .where((eb) => eb.or([eb('bales.loadType', 'is', null), eb('bales.loadType', '!=', 'retail')]))
    .where('bales.creationTime', '<', before)
    .$if(uids !== undefined, (q) => q.where('bales.uid', 'in', uids?.length ? uids : ['']))
    .orderBy('bales.uid')
    .execute();
}
