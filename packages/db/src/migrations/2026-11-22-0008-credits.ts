// Why: growers buy credits and apply them to baler months (docs/product.md#credits-and-months):
// a ledger the wallet's balance is summed from, auto-renew per baler, Stripe checkouts fulfilled
// once, and a record of the mails sent when auto-renew found the wallet empty.
import { type Kysely, sql } from 'kysely';

const orgColumn = (c: any) => c.notNull().references('organizations.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  // Every change of a wallet's balance; rows are only ever added.
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('baler_id', 'uuid')
    .addColumn('month', 'date')
    .addColumn('actor_user_id', 'uuid')
    .addColumn('actor_email', 'text')
    .addColumn('note', 'text')
    // A purchase names its checkout session: one purchase per session, whatever is redelivered.
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'credit_ledger_kind_check',
      sql`(kind in ('purchase', 'grant', 'refund') and credits > 0)
        or (kind in ('apply', 'renewal') and credits < 0)`,
    )
    .execute();
  await db.schema
    .createIndex('credit_ledger_org_id_idx')
    .on('credit_ledger')
    .columns(['org_id', 'id'])
    .execute();

  // Null: auto-renew off. Otherwise when it was switched on: only months that begin after that
  // renew by themselves (switching on mid-month never spends a credit without confirmation).
  await db.schema.alterTable('balers').addColumn('auto_renew_since', 'timestamptz').execute();

  await db.schema
    .createTable('stripe_checkouts')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('stripe_checkouts_status_check', sql`status in ('open', 'complete')`)
    .execute();

  // One mail per organization and month when auto-renew found no credit.
  await db.schema
    .createTable('renewal_notices')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('renewal_notices_pk', ['org_id', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('renewal_notices').execute();
  await db.schema.dropTable('stripe_checkouts').execute();
  await db.schema.alterTable('balers').dropColumn('auto_renew_since').execute();
  await db.schema.dropTable('credit_ledger').execute();
}
