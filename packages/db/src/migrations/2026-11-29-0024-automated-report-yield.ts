// Why: an owner may have an automated report also carry the yield per field of the crop year its
// period ends in (docs/product.md#automated-reports); reports set up before send as they did.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('automated_reports')
    .addColumn('include_yield', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('automated_reports').dropColumn('include_yield').execute();
}
