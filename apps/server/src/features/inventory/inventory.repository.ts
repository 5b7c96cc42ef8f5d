import { randomUUID } from 'node:crypto';
import type { Db } from '@baletrack/db/database';

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
