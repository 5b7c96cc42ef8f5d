// Why: ingest streams a batch into COPY before it has seen the batch's positions, so it keeps each
// organization's fields in memory and needs to know, under the bale version lock it already
// takes, whether they changed since (docs/adr/0019-ingest-through-copy.md). A trigger bumps the
// number for every writer of fields, this release's or an older one still running beside it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bale_versions ADD COLUMN fields_version bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
  // An update, not an upsert: without the row no one has kept these fields yet, and while an
  // organization is being deleted its row may already be gone.
  await sql`CREATE FUNCTION bump_fields_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE bale_versions SET fields_version = fields_version + 1
        WHERE org_id = COALESCE(NEW.org_id, OLD.org_id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER fields_version AFTER INSERT OR UPDATE OR DELETE ON fields
    FOR EACH ROW EXECUTE FUNCTION bump_fields_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER fields_version ON fields`.execute(db);
  await sql`DROP FUNCTION bump_fields_version()`.execute(db);
  await sql`ALTER TABLE bale_versions DROP COLUMN fields_version`.execute(db);
}
