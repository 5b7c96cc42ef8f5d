// Why: a farm's tiles are baled on about one day a month, so the month sums held as many rows as
// the tile days and only doubled ingest's writes; ranges read the tile days, all time the totals
// (docs/adr/0043-bale-tile-totals.md). Tiles are derived: the rule mark is cleared so each
// organization's catch-up sums them afresh.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bale_tile_sums').execute();
  await db.schema
    .createTable('bale_tile_totals')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
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
    .addColumn('grade_counts', sql`integer[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('bale_tile_totals_pk', ['org_id', 'retail', 'tile_x', 'tile_y'])
    .execute();
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bale_tile_totals').execute();
  await db.schema
    .createTable('bale_tile_sums')
    .as(sql`select org_id, 'infinity'::date as period, retail, tile_x, tile_y, count, weight_kg,
      dry_mass_kg, avg_moisture_sum, rfv_sum, rfv_count, protein_sum, protein_count, lat_sum,
      lon_sum, grade_counts from bale_tile_days where false`)
    .execute();
  await sql`ALTER TABLE bale_tile_sums ADD CONSTRAINT bale_tile_sums_pk
    PRIMARY KEY (org_id, period, retail, tile_x, tile_y)`.execute(db);
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
}
