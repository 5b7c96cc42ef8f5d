// Why: the user pool must answer an unknown email exactly as a known one
// (docs/product.md#hardening), so a name nobody holds gets codes as a user does, kept under its
// stand-in id: user_codes no longer points at users. And mail leaves the request: the outbox
// becomes a queue a background worker sends from, with retries (docs/operations.md#mail-outbox).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A code's user_id is a user's id or, for a name no user holds, the name's stand-in id. A
  // user's codes are deleted with the user by the application (pool-users.repository.ts).
  await db.schema.alterTable('user_codes').dropConstraint('user_codes_user_id_fkey').execute();

  // 'kept': in the local mailbox (no SMTP), never sent. 'pending': waiting for its next attempt.
  // 'sending': claimed by a worker until next_attempt_at (the claim's lease). 'sent', 'failed':
  // final. Rows written before this migration were the local mailbox's, so they read 'kept'.
  await db.schema
    .alterTable('outbox')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('kept'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('outbox')
    .addCheckConstraint(
      'outbox_status_check',
      sql`status in ('kept', 'pending', 'sending', 'sent', 'failed')`,
    )
    .execute();
  // What a worker looks for: mail due now. Small, since rows leave it once sent or failed.
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`status in ('pending', 'sending')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_due_idx').execute();
  await db.schema.alterTable('outbox').dropConstraint('outbox_status_check').execute();
  await db.schema
    .alterTable('outbox')
    .dropColumn('status')
    .dropColumn('attempts')
    .dropColumn('next_attempt_at')
    .dropColumn('last_error')
    .dropColumn('sent_at')
    .execute();
  await db
    .deleteFrom('user_codes')
    .where('user_id', 'not in', db.selectFrom('users').select('id'))
    .execute();
  await db.schema
    .alterTable('user_codes')
    .addForeignKeyConstraint('user_codes_user_id_fkey', ['user_id'], 'users', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
}
