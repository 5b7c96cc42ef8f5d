// Why: a map opening and a summary of a season read a farm's year of day cells (about 700 on an
// average farm of the many-farms benchmark), each graded by a cutting lookup on read. The same
// sums per calendar month, without field set and size and with the cutting's crop already
// picking the grades, are about 200 rows a year (docs/adr/0032-bale-cells-per-month.md). Cells are
// derived: the rule mark is cleared so each organization's catch-up sums them afresh.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bale_cell_months')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('baler_id', 'uuid', (c) => c.notNull())
    .addColumn('retail', 'boolean', (c) => c.notNull())
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
    .addColumn('grade_counts', sql`integer[]`, (c) => c.notNull())
    .execute();
  // Rows of one organization and month are only ever replaced together, under its version lock.
  await db.schema
    .createIndex('bale_cell_months_org_month_idx')
    .on('bale_cell_months')
    .columns(['org_id', 'month'])
    .execute();
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bale_cell_months').execute();
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
}
