// Why: every bale row paid two foreign-key checks on insert, one of them redundant: a bale's
// (org_id, baler_id) must name a baler of that organization, and the baler's own org_id names the
// organization. Only that one stays, now cascading, so closing an account still removes every
// bale (organization → balers → bales); balers are only ever tombstoned otherwise (ADR 5).
// Ingest on PostgreSQL gains the second check's time (docs/adr/0019-ingest-through-copy.md).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bales
    DROP CONSTRAINT bales_org_id_fkey,
    DROP CONSTRAINT bales_baler_fk,
    ADD CONSTRAINT bales_baler_fk FOREIGN KEY (org_id, baler_id)
      REFERENCES balers (org_id, id) ON DELETE CASCADE`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bales
    DROP CONSTRAINT bales_baler_fk,
    ADD CONSTRAINT bales_baler_fk FOREIGN KEY (org_id, baler_id) REFERENCES balers (org_id, id),
    ADD CONSTRAINT bales_org_id_fkey FOREIGN KEY (org_id)
      REFERENCES organizations (id) ON DELETE CASCADE`.execute(db);
}
