// Why: a field's phosphate and potash removal is its hay's dry matter at its crop's removal
// coefficients; published values stand in by crop name (packages/domain yield/nutrient-removal),
// and an owner or manager may set their own per crop. Null: the published value.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE crops
    ADD COLUMN p2o5_kg_per_tonne_dm double precision,
    ADD COLUMN k2o_kg_per_tonne_dm double precision,
    ADD CONSTRAINT crops_removal_range CHECK (
      p2o5_kg_per_tonne_dm BETWEEN 0 AND 100 AND k2o_kg_per_tonne_dm BETWEEN 0 AND 100
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE crops
    DROP CONSTRAINT crops_removal_range,
    DROP COLUMN p2o5_kg_per_tonne_dm,
    DROP COLUMN k2o_kg_per_tonne_dm`.execute(db);
}
