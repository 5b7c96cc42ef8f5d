// Why: PostgreSQL checked `(org_id, baler_id) → balers` row by row (a `FOR KEY SHARE` on the same
// baler for every bale), about a quarter of ingest's COPY. Every writer of bales now takes that
// lock once per batch (`lockBalerForBales`), and closing an account deletes the bales itself
// (`deleteOrganizationWithBales`), so the constraint goes (docs/adr/0019-ingest-through-copy.md).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bales DROP CONSTRAINT bales_baler_fk`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bales
    ADD CONSTRAINT bales_baler_fk FOREIGN KEY (org_id, baler_id)
      REFERENCES balers (org_id, id) ON DELETE CASCADE`.execute(db);
}
