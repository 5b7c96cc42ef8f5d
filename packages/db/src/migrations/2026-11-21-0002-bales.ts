// Why: bales, the balers that make them, their subscription months, and the fields, cuttings and
// storage areas bales are seen against: the tables the map, ingest and every later report read.
import { type Kysely, sql } from 'kysely';

// Lists written out here, not imported, so this migration never changes with the application.
const baleSizes = [
  'ThreeXThree',
  'ThreeXFour',
  'FourXFour',
  'SeventyXEighty',
  'SeventyXOneTwenty',
  'FourFeet',
  'FiveFeet',
];
const tagMaterials = ['Unknown', 'Mesh', 'Twine', 'Film', 'TwineAndMesh', 'TwineAndFilm'];
const loadTypes = ['internal', 'retail'];

const oneOf = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

const orgColumn = (c: any) => c.notNull().references('organizations.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  // VINs are unique across the platform: one baler, one owner
  // (docs/product.md#balers-and-authorized-emails).
  await db.schema
    .createTable('balers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('vin', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('api_key_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Lets tenant tables reference a baler together with its organization.
    .addUniqueConstraint('balers_org_id_id_key', ['org_id', 'id'])
    .execute();

  // One row per baler and month a credit was applied to; 'active' once the month has begun.
  await db.schema
    .createTable('baler_subscription_months')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('baler_id', 'uuid', (c) => c.notNull())
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('baler_subscription_months_pk', ['org_id', 'baler_id', 'month'])
    .addForeignKeyConstraint(
      'baler_subscription_months_baler_fk',
      ['org_id', 'baler_id'],
      'balers',
      ['org_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint(
      'baler_subscription_months_status_check',
      oneOf('status', ['scheduled', 'active']),
    )
    .addCheckConstraint(
      'baler_subscription_months_first_day_check',
      sql`extract(day from month) = 1`,
    )
    .execute();

  // Fields and geofences: GeoJSON outline plus its bounding box for a GiST prefilter. The GiST
  // index cannot lead with org_id without btree_gist (not in PGlite), so queries add org_id.
  for (const table of ['fields', 'geofences']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('org_id', 'uuid', orgColumn)
      .addColumn('id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull());
    builder =
      table === 'fields'
        ? builder.addColumn('size_ha', 'double precision')
        : builder
            .addColumn('kind', 'text', (c) => c.notNull().defaultTo('storage'))
            .addCheckConstraint(`${table}_kind_check`, oneOf('kind', ['storage']));
    await builder
      .addColumn('area_ha', 'double precision', (c) => c.notNull())
      .addColumn('boundary', 'jsonb', (c) => c.notNull())
      .addColumn('box', sql`box`, (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint(`${table}_pk`, ['org_id', 'id'])
      .execute();
    await db.schema.createIndex(`${table}_box_idx`).on(table).using('gist').column('box').execute();
  }

  await db.schema
    .createTable('crops')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('crops_pk', ['org_id', 'id'])
    .execute();

  await db.schema
    .createTable('cuttings')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('crop_id', 'uuid')
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cuttings_pk', ['org_id', 'id'])
    // A deleted crop leaves its cuttings without one (MATCH SIMPLE skips a null crop_id).
    .addForeignKeyConstraint('cuttings_crop_fk', ['org_id', 'crop_id'], 'crops', ['org_id', 'id'])
    .addCheckConstraint('cuttings_dates_check', sql`start_date <= end_date`)
    .execute();
  await db.schema
    .createIndex('cuttings_org_year_idx')
    .on('cuttings')
    .columns(['org_id', 'year'])
    .execute();

  await db.schema
    .createTable('cutting_fields')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('cutting_id', 'uuid', (c) => c.notNull())
    .addColumn('field_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('cutting_fields_pk', ['org_id', 'cutting_id', 'field_id'])
    .addForeignKeyConstraint(
      'cutting_fields_cutting_fk',
      ['org_id', 'cutting_id'],
      'cuttings',
      ['org_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'cutting_fields_field_fk',
      ['org_id', 'field_id'],
      'fields',
      ['org_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  // Bumped in every transaction that writes bales; its row lock orders those writes, so the
  // number is a version stamp other app processes can compare their cached map indexes with.
  await db.schema
    .createTable('bale_versions')
    .addColumn('org_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();

  // docs/product.md#bales in SI units; locations as plain degrees (no PostGIS on the default path).
  await db.schema
    .createTable('bales')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('baler_id', 'uuid', (c) => c.notNull())
    .addColumn('baler_vin', 'text', (c) => c.notNull())
    .addColumn('tag_serial_number', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull())
    // The UTC month the bale was made in: what the subscription rule joins on.
    .addColumn('creation_month', 'date', (c) => c.notNull())
    .addColumn('creation_lat', 'double precision', (c) => c.notNull())
    .addColumn('creation_lon', 'double precision', (c) => c.notNull())
    .addColumn('current_lat', 'double precision', (c) => c.notNull())
    .addColumn('current_lon', 'double precision', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz')
    .addColumn('weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('dry_mass_kg', 'double precision', (c) => c.notNull())
    .addColumn('avg_moisture', 'double precision', (c) => c.notNull())
    .addColumn('peak_moisture', 'double precision', (c) => c.notNull())
    .addColumn('protein', 'double precision')
    .addColumn('ash', 'double precision')
    .addColumn('sugar', 'double precision')
    .addColumn('temperature', 'double precision')
    .addColumn('measurement_quality', 'double precision')
    .addColumn('bale_length_m', 'double precision')
    .addColumn('bale_diameter_m', 'double precision')
    .addColumn('cut_length_mm', 'double precision')
    .addColumn('flake_count', 'integer')
    .addColumn('applied_preservative_kg', 'double precision')
    .addColumn('bale_size', 'text', (c) => c.notNull())
    .addColumn('rfv', 'double precision')
    .addColumn('adf', 'double precision')
    .addColumn('ndf', 'double precision')
    .addColumn('load_type', 'text')
    .addColumn('field_uids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('binding_mode', 'text', (c) => c.notNull())
    .addColumn('wraps_per_bale', 'integer')
    .addColumn('stack_type', 'text')
    .addColumn('missing_tags', 'boolean', (c) => c.notNull())
    // The bale_versions value of the transaction that last wrote the row.
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bales_pk', ['org_id', 'uid'])
    .addForeignKeyConstraint('bales_baler_fk', ['org_id', 'baler_id'], 'balers', ['org_id', 'id'])
    .addCheckConstraint('bales_bale_size_check', oneOf('bale_size', baleSizes))
    .addCheckConstraint('bales_binding_mode_check', oneOf('binding_mode', tagMaterials))
    .addCheckConstraint(
      'bales_load_type_check',
      sql`load_type is null or ${oneOf('load_type', loadTypes)}`,
    )
    .execute();
  await db.schema
    .createIndex('bales_org_time_idx')
    .on('bales')
    .columns(['org_id', 'creation_time'])
    .execute();
  await db.schema
    .createIndex('bales_org_position_idx')
    .on('bales')
    .columns(['org_id', 'current_lat', 'current_lon'])
    .execute();
  // Serves the visibility rule's month lookup. Plans on analyzed tables rarely choose it, but
  // PostgreSQL without statistics (right after a bulk load) reads the map's 200,000 points in
  // 8 s without it and 3 s with it (docs/benchmarks.md); it costs PGlite ingest about a sixth.
  await db.schema
    .createIndex('bales_org_baler_month_idx')
    .on('bales')
    .columns(['org_id', 'baler_id', 'creation_month'])
    .execute();
  // Lets a process catch up on what other processes wrote since its cached map index.
  await db.schema
    .createIndex('bales_org_version_idx')
    .on('bales')
    .columns(['org_id', 'version'])
    .execute();
  await db.schema
    .createIndex('bales_org_tag_idx')
    .on('bales')
    .columns(['org_id', 'tag_serial_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'bales',
    'bale_versions',
    'cutting_fields',
    'cuttings',
    'crops',
    'geofences',
    'fields',
    'baler_subscription_months',
    'balers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
