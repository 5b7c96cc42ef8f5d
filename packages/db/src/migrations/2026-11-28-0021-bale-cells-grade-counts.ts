// Why: a cell per grade multiplied a farm's cells by its grade mix (about 20 on a farm of mixed
// hay), and every map opening read them all. A cell now holds its bales' count per grade, in the
// order of the hay grades (legume table, then grass). Cells are derived: emptied here and summed
// again by each organization's catch-up (docs/adr/0029-many-farms-read-model.md).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM bale_cells`.execute(db);
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
  await sql`ALTER TABLE bale_cells DROP COLUMN legume_grade, DROP COLUMN grass_grade,
    ADD COLUMN grade_counts integer[] NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM bale_cells`.execute(db);
  await sql`UPDATE bale_versions SET cells_rule = ''`.execute(db);
  await sql`ALTER TABLE bale_cells DROP COLUMN grade_counts, ADD COLUMN legume_grade text,
    ADD COLUMN grass_grade text`.execute(db);
}
