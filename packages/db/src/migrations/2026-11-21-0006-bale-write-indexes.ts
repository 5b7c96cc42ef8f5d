// Why: every bale write maintains every index of `bales`, and ingest is mostly index upkeep on
// PGlite. No query reads bales by (org_id, baler_id, creation_month): the subscription rule looks
// months up from a bale (the months' primary key serves that), never bales from a month, and
// EXPLAIN of every bale read on a 200,000-bale farm never chose it. Dropping it saves a sixth of
// that upkeep.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bales_org_baler_month_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bales_org_baler_month_idx')
    .on('bales')
    .columns(['org_id', 'baler_id', 'creation_month'])
    .execute();
}
