// Why: the support chat keeps each user's conversation for 30 days and lets them clear it, so its
// messages live in the database, scoped by organization and user (docs/product.md#support-chat).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('id', 'uuid', (c) => c.notNull())
    // A deleted sub-account's conversation goes with them.
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('user', 'assistant')`))
    .addColumn('text', 'text', (c) => c.notNull())
    // How an answer was made: 'retrieval', 'generated' or 'fallback'; null for the user's words.
    .addColumn('mode', 'text', (c) =>
      c.check(sql`mode is null or mode in ('retrieval', 'generated', 'fallback')`),
    )
    // The articles an answer links: [{ slug, title, anchor? }].
    .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_messages_pkey', ['org_id', 'id'])
    .execute();
  await db.schema
    .createIndex('chat_messages_user_idx')
    .on('chat_messages')
    .columns(['org_id', 'user_id', 'created_at'])
    .execute();
  // The 30-day purge scans by age across organizations.
  await db.schema
    .createIndex('chat_messages_created_idx')
    .on('chat_messages')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_messages').execute();
}
