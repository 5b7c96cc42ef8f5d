// Why: the owner gets at most one heat-risk mail a day (docs/product.md#beyond-the-spec-heat-risk);
// the (organization, day) key makes sending it a second time, or from a second process, a no-op.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('heat_risk_mails')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    // The UTC calendar day, 'YYYY-MM-DD' (text: drivers read a date column differently).
    .addColumn('day', 'text', (c) => c.notNull().check(sql`char_length(day) = 10`))
    // How many bales and stacks were at high risk when the mail was queued.
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('heat_risk_mails_pkey', ['org_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('heat_risk_mails').execute();
}
