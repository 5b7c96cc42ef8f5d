// Why: registering a baler asks the connectivity provider about its VIN (the embedded default is a
// local registry table), and a deleted baler leaves its bales behind, so it is kept as a tombstone
// whose VIN another account may register.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The embedded connectivity provider: VINs it knows and under which email their ACM runs.
  await db.schema
    .createTable('baler_registry')
    .addColumn('vin', 'text', (c) => c.primaryKey())
    .addColumn('registered', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('acm_email', 'text')
    .addColumn('acm_status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('acm_expiry', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'baler_registry_acm_status_check',
      sql`acm_status in ('Active', 'Expired', 'Unknown')`,
    )
    .execute();

  // Bales reference their baler, so deleting one only marks it; its VIN is free again.
  await db.schema.alterTable('balers').addColumn('deleted_at', 'timestamptz').execute();
  await db.schema.alterTable('balers').dropConstraint('balers_vin_key').execute();
  await db.schema
    .createIndex('balers_vin_live_key')
    .on('balers')
    .column('vin')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('balers_vin_live_key').execute();
  await db.deleteFrom('balers').where('deleted_at', 'is not', null).execute();
  await db.schema.alterTable('balers').addUniqueConstraint('balers_vin_key', ['vin']).execute();
  await db.schema.alterTable('balers').dropColumn('deleted_at').execute();
  await db.schema.dropTable('baler_registry').execute();
}
