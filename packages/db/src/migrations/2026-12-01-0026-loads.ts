// Why: loads of hay built from the map's bales, shipped to a buyer, and the buyer's revocable
// links to one load (docs/product.md#beyond-the-spec-loads). A bale is in one load at most.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('loads')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text')
    .addColumn('destination', 'text')
    .addColumn('ship_date', 'date')
    .addColumn('vehicle', 'text')
    .addColumn('notes', 'text')
    // 'legume.Supreme' … 'grass.Low' (contracts inventory/hay-grade).
    .addColumn('min_grade', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'ready', 'shipped')`),
    )
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('shipped_by', 'text')
    .addPrimaryKeyConstraint('loads_pkey', ['org_id', 'id'])
    .execute();
  await db.schema
    .createTable('load_bales')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('load_id', 'uuid', (c) => c.notNull())
    // The bale's uid; no foreign key, as bales have none (their rows go with their baler).
    .addColumn('bale_uid', 'text', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('load_bales_pkey', ['org_id', 'bale_uid'])
    .addForeignKeyConstraint(
      'load_bales_load',
      ['org_id', 'load_id'],
      'loads',
      ['org_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('load_bales_by_load')
    .on('load_bales')
    .columns(['org_id', 'load_id'])
    .execute();
  await db.schema
    .createTable('load_links')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('load_id', 'uuid', (c) => c.notNull())
    // The link's secret; the link carries the organization too, so it is found by both.
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('show_farm_name', 'boolean', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_opened_at', 'timestamptz')
    .addPrimaryKeyConstraint('load_links_pkey', ['org_id', 'id'])
    .addUniqueConstraint('load_links_token', ['org_id', 'token'])
    .addForeignKeyConstraint(
      'load_links_load',
      ['org_id', 'load_id'],
      'loads',
      ['org_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('load_links').execute();
  await db.schema.dropTable('load_bales').execute();
  await db.schema.dropTable('loads').execute();
}
