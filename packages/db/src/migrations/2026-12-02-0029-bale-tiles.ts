// Why: the map nearer than zoom 13 is clustered from kept sums rather than a per-process index of
// every bale (docs/adr/0042-bale-tiles.md). The bales that never moved, summed per zoom-19 tile
// (about 50 m) and UTC day with their baler, and the same per month and over all time without
// it, so a view costs by the tiles it shows, whatever the farm's years. Tiles are derived: the
// rule mark is cleared so each organization's catch-up sums them afresh.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

// The measures both tables keep, in one place.
function measures(table: CreateTableBuilder<string, string>) {
  return table
    .addColumn('retail', 'boolean', (c) => c.notNull())
    .addColumn('tile_x', 'integer', (c) => c.notNull())
    .addColumn('tile_y', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('dry_mass_kg', 'double precision', (c) => c.notNull())
    .addColumn('avg_moisture_sum', 'double precision', (c) => c.notNull())
    .addColumn('rfv_sum', 'double precision', (c) => c.notNull())
    .addColumn('rfv_count', 'integer', (c) => c.notNull())
    .addColumn('protein_sum', 'double precision', (c) => c.notNull())
    .addColumn('protein_count', 'integer', (c) => c.notNull())
    .addColumn('lat_sum', 'double precision', (c) => c.notNull())
    .addColumn('lon_sum', 'double precision', (c) => c.notNull())
    .addColumn('grade_counts', sql`integer[]`, (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  await measures(
    db.schema
      .createTable('bale_tile_days')
      .addColumn('org_id', 'uuid', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('baler_id', 'uuid', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('bale_tile_days_pk', [
      'org_id',
      'day',
      'baler_id',
      'retail',
      'tile_x',
      'tile_y',
    ])
    .execute();
  // `period`: a month's first day, or 'infinity' for all the organization's days.
  await measures(
    db.schema
      .createTable('bale_tile_sums')
      .addColumn('org_id', 'uuid', (c) => c.notNull())
      .addColumn('period', 'date', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('bale_tile_sums_pk', [
      'org_id',
      'period',
      'retail',
      'tile_x',
      'tile_y',
    ])
    .execute();
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bale_tile_sums').execute();
  await db.schema.dropTable('bale_tile_days').execute();
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
}
