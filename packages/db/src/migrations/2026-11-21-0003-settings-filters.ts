// Why: the organization's settings (RFV or nutrition, units, crop-year start) and its saved bale
// filters, which the map, summaries and automated reports apply.
import { type Kysely, sql } from 'kysely';

// Written out here, not imported, so this migration never changes with the application.
const measurementSystems = ['MetricSI', 'ImperialUK', 'ImperialUS'];

export async function up(db: Kysely<any>): Promise<void> {
  // Columns with defaults (contracts' `defaultSettings`): existing organizations get them at once.
  await db.schema
    .alterTable('organizations')
    .addColumn('rfv_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('measurement_system', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ImperialUS')
        .check(sql`measurement_system in (${sql.join(measurementSystems.map((m) => sql.lit(m)))})`),
    )
    .addColumn('crop_year_start_month', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`crop_year_start_month between 1 and 12`),
    )
    .execute();

  // The definition (ranges, dates, memberships) is one JSON value validated by the contract on
  // the way in and out: new kinds of limits need no migration.
  await db.schema
    .createTable('filters')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('filters_pk', ['org_id', 'id'])
    .execute();
  // docs/product.md#filters: names are unique per organization, regardless of case (names arrive
  // trimmed).
  await db.schema
    .createIndex('filters_org_name_key')
    .on('filters')
    .unique()
    .expression(sql`org_id, lower(name)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('filters').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('rfv_enabled')
    .dropColumn('measurement_system')
    .dropColumn('crop_year_start_month')
    .execute();
}
