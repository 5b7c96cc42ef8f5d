// Why: the owner's hay prices per quality grade, one row per change with the day it takes effect,
// so an inventory's value can be recomputed as it stood (docs/product.md#beyond-the-spec-quality-and-value).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hay_prices')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('id', 'uuid', (c) => c.notNull())
    // 'legume.Supreme' … 'grass.Low' (contracts inventory/hay-grade).
    .addColumn('grade', 'text', (c) =>
      c.notNull().check(sql`grade ~ '^(legume|grass)\\.[A-Za-z]+$'`),
    )
    .addColumn('price', 'double precision', (c) => c.notNull().check(sql`price >= 0`))
    // The ton the price is per, from the organization's units when it was set.
    .addColumn('unit', 'text', (c) =>
      c.notNull().check(sql`unit in ('shortTon', 'longTon', 'tonne')`),
    )
    .addColumn('premium_per_rfv_point', 'double precision', (c) =>
      c.check(sql`premium_per_rfv_point >= 0`),
    )
    .addColumn('effective_from', 'date', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('hay_prices_pkey', ['org_id', 'id'])
    .execute();
  await db.schema
    .createIndex('hay_prices_by_grade')
    .on('hay_prices')
    .columns(['org_id', 'grade', 'effective_from'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hay_prices').execute();
}
