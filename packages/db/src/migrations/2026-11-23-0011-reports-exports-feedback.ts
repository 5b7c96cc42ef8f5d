// Why: automated reports are sent on a schedule, each period exactly once across restarts and
// processes (a run row per report and period, claimed with row locks); their mail carries the
// CSV (mail attachments); an organization's data export is built in the background and fetched
// through a link that outlives the organization for 7 days; feedback is kept and mailed.
// docs/product.md#automated-reports, #account, #feedback-help-and-support.
import { type Kysely, sql } from 'kysely';

const orgColumn = (c: any) => c.notNull().references('organizations.id').onDelete('cascade');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('automated_reports')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('filter_id', 'uuid', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) =>
      c.notNull().check(sql`frequency in ('none', 'nightly', 'weekly', 'monthly')`),
    )
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('units', 'text', (c) =>
      c.notNull().check(sql`units in ('Metric', 'Imperial', 'US')`),
    )
    .addColumn('include_cuttingless', 'boolean', (c) => c.notNull())
    .addColumn('recipients', sql`text[]`, (c) => c.notNull())
    // Periods whose sending time falls before this are never sent: a new or rescheduled report
    // starts with the next period, not the one that ended before it was set up.
    .addColumn('schedule_from', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('automated_reports_pkey', ['org_id', 'id'])
    // A filter in use cannot be deleted ('Filter is being used for automatic reports…').
    .addForeignKeyConstraint('automated_reports_filter_fkey', ['org_id', 'filter_id'], 'filters', [
      'org_id',
      'id',
    ])
    .execute();

  // One row per report and period: the primary key is what makes a period go out once.
  // 'pending' (due at next_attempt_at), 'sending' (claimed until next_attempt_at, the lease),
  // 'sent' (its mail is in the outbox, written in the same transaction), 'failed' (gave up).
  await db.schema
    .createTable('report_runs')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('report_id', 'uuid', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('bale_count', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('report_runs_pkey', ['org_id', 'report_id', 'period_start'])
    .addForeignKeyConstraint(
      'report_runs_report_fkey',
      ['org_id', 'report_id'],
      'automated_reports',
      ['org_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('report_runs_due_idx')
    .on('report_runs')
    .columns(['next_attempt_at'])
    .where(sql<boolean>`status in ('pending', 'sending')`)
    .execute();

  // A mail's file (a report's CSV), stored once however many recipients share it.
  await db.schema
    .createTable('mail_attachments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attachment_id', 'uuid', (c) =>
      c.references('mail_attachments.id').onDelete('set null'),
    )
    .execute();

  // An organization's data export (ZIP). The link's token is kept only as a hash. org_id is
  // emptied when the organization is deleted: the file stays reachable by its link until
  // expires_at, and nothing keyed by the organization remains.
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'uuid')
    .addColumn('email', 'text', (c) => c.notNull())
    // 'pending' → 'building' (claimed until lease_until) → 'ready' | 'failed'.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'building', 'ready', 'failed')`),
    )
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea')
    .addColumn('size_bytes', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_exports_org_idx').on('data_exports').column('org_id').execute();

  await db.schema
    .createTable('feedback')
    .addColumn('org_id', 'uuid', orgColumn)
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('bug', 'feature')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('feedback_pkey', ['org_id', 'id'])
    .execute();
  await db.schema.createIndex('feedback_created_idx').on('feedback').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('data_exports').execute();
  await db.schema.alterTable('outbox').dropColumn('attachment_id').execute();
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema.dropTable('report_runs').execute();
  await db.schema.dropTable('automated_reports').execute();
}
