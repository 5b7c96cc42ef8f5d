// Why: an automated report that attaches yield per field sends two files in one mail (the bale
// CSV and the yield CSV); an outbox row held one file. Each mail now lists its files, each file
// still stored once however many recipients share it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN attachment_ids uuid[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`UPDATE outbox SET attachment_ids = ARRAY[attachment_id]
    WHERE attachment_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE outbox DROP COLUMN attachment_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox ADD COLUMN attachment_id uuid`.execute(db);
  await sql`UPDATE outbox SET attachment_id = attachment_ids[1]`.execute(db);
  await sql`ALTER TABLE outbox DROP COLUMN attachment_ids`.execute(db);
}
