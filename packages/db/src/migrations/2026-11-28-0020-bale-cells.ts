// Why: the map and summaries of a service of many farms must cost by what a view shows, not by
// the farm's bales (docs/adr/0029-many-farms-read-model.md). Each organization's bales are kept summed
// per UTC day, baler, field set, size, retail flag, grade by each table and zoom-16 tile of where
// the bale lies; the writers of bales refresh the days they touched in their transaction.
// `cells_rule` names the rule the organization's cells were summed by (the server's cell SQL):
// until it matches the running server's, its cells are rebuilt and not read.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bale_versions ADD COLUMN cells_rule text NOT NULL DEFAULT ''`.execute(db);
  await db.schema
    .createTable('bale_cells')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('baler_id', 'uuid', (c) => c.notNull())
    .addColumn('field_uids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('bale_size', 'text', (c) => c.notNull())
    .addColumn('retail', 'boolean', (c) => c.notNull())
    .addColumn('legume_grade', 'text')
    .addColumn('grass_grade', 'text')
    .addColumn('cell_x', 'integer', (c) => c.notNull())
    .addColumn('cell_y', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('dry_mass_kg', 'double precision', (c) => c.notNull())
    .addColumn('avg_moisture_sum', 'double precision', (c) => c.notNull())
    .addColumn('peak_moisture_sum', 'double precision', (c) => c.notNull())
    .addColumn('peak_moisture_max', 'double precision', (c) => c.notNull())
    .addColumn('above_safe', 'integer', (c) => c.notNull())
    .addColumn('rfv_sum', 'double precision', (c) => c.notNull())
    .addColumn('rfv_count', 'integer', (c) => c.notNull())
    .addColumn('adf_sum', 'double precision', (c) => c.notNull())
    .addColumn('adf_count', 'integer', (c) => c.notNull())
    .addColumn('ndf_sum', 'double precision', (c) => c.notNull())
    .addColumn('ndf_count', 'integer', (c) => c.notNull())
    .addColumn('protein_sum', 'double precision', (c) => c.notNull())
    .addColumn('protein_count', 'integer', (c) => c.notNull())
    .addColumn('ash_sum', 'double precision', (c) => c.notNull())
    .addColumn('ash_count', 'integer', (c) => c.notNull())
    .addColumn('sugar_sum', 'double precision', (c) => c.notNull())
    .addColumn('sugar_count', 'integer', (c) => c.notNull())
    .addColumn('lat_sum', 'double precision', (c) => c.notNull())
    .addColumn('lon_sum', 'double precision', (c) => c.notNull())
    .execute();
  // Rows of one organization and day are only ever replaced together, under its version lock.
  await db.schema
    .createIndex('bale_cells_org_day_idx')
    .on('bale_cells')
    .columns(['org_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bale_cells').execute();
  await sql`ALTER TABLE bale_versions DROP COLUMN cells_rule`.execute(db);
}
