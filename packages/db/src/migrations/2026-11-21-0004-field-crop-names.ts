// Why: fields and crops are picked by name in cuttings, filters and reports, so a name may be used
// once per organization (case-insensitively); and field edits look up bales by where they were made.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['fields', 'crops']) {
    await db.schema
      .createIndex(`${table}_org_name_key`)
      .on(table)
      .unique()
      .expression(sql`org_id, lower(name)`)
      .execute();
  }
  // Creating, editing or deleting a field re-checks only the bales made inside its box.
  await db.schema
    .createIndex('bales_org_creation_position_idx')
    .on('bales')
    .columns(['org_id', 'creation_lon', 'creation_lat'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bales_org_creation_position_idx').execute();
  for (const table of ['fields', 'crops']) {
    await db.schema.dropIndex(`${table}_org_name_key`).execute();
  }
}
