// Why: an owner may register balers whose ACM subscription runs under an email other than the
// account's once that email's holder confirmed it (docs/product.md#balers-and-authorized-emails).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('authorized_emails')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    // Expired is not stored: it is a Pending one whose confirm_by has passed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirm_by', 'timestamptz')
    // Keyed hashes of the mailed link token and code; cleared once used.
    .addColumn('token_hash', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'authorized_emails_status_check',
      sql`status in ('Pending', 'Active', 'Deleted')`,
    )
    .execute();
  // Removed ones stay for history; an email is live at most once per organization.
  await db.schema
    .createIndex('authorized_emails_org_email_live_key')
    .on('authorized_emails')
    .columns(['org_id', 'email'])
    .unique()
    .where(sql.ref('status'), '<>', 'Deleted')
    .execute();
  await db.schema
    .createIndex('authorized_emails_token_key')
    .on('authorized_emails')
    .column('token_hash')
    .unique()
    .where(sql.ref('token_hash'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('authorized_emails').execute();
}
