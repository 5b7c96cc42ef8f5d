// Why: stacks are read from the database (docs/adr/0040-stacks-and-heatmaps-read-in-the-database.md):
// a stack is made of bales moved more than 10 m from where they were made, and this index holds
// only bales whose position differs from their creation's by more than 6.3e-5 degrees in latitude
// or longitude, a superset of the moved ones (10 m apart is over 7.07 m on one axis, 6.35e-5
// degrees), so reading a farm's stacks reads its moved bales, not all of them.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bales_org_moved_idx')
    .on('bales')
    .columns(['org_id', 'current_lat', 'current_lon'])
    .where(
      sql<boolean>`abs(current_lat - creation_lat) > 6.3e-5 or abs(current_lon - creation_lon) > 6.3e-5`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bales_org_moved_idx').execute();
}
