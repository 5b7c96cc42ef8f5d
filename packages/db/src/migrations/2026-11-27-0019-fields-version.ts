// Why: ingest streams a batch into COPY before it has seen the batch's positions, so it keeps each
// organization's fields in memory and needs to know, under the bale version lock it already
// takes, whether they changed since (docs/adr/0019-ingest-through-copy.md).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bale_versions ADD COLUMN fields_version bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bale_versions DROP COLUMN fields_version`.execute(db);
}
