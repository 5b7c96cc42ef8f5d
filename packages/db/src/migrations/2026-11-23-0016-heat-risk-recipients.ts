// Why: the daily heat-risk mail goes to the owner and to the people the owner chooses
// (docs/product.md#beyond-the-spec-heat-risk); a person deleted from the organization stops
// getting it with them (cascade), so no delete is refused for it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('heat_risk_recipients')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('heat_risk_recipients_pkey', ['org_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heat_risk_recipients').execute();
}
