// Why: stack audits by scanning (docs/product.md#beyond-the-spec-stack-audits): what a worker
// found, missed and did not expect in one of the map's stacks, with who and when. The phone's
// own id is the key, so an audit sent twice is recorded once.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stack_audits')
    .addColumn('org_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('id', 'uuid', (c) => c.notNull())
    // The map's stack (its id follows its first cell, see bales/stack-grouping.ts) and where it lay.
    .addColumn('stack_id', 'uuid', (c) => c.notNull())
    .addColumn('stack_lat', 'double precision', (c) => c.notNull())
    .addColumn('stack_lon', 'double precision', (c) => c.notNull())
    .addColumn('storage', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expected_count', 'integer', (c) => c.notNull())
    // Tags: found and missing as arrays; unexpected as [{ tag, reason, otherStorage }].
    .addColumn('found', 'jsonb', (c) => c.notNull())
    .addColumn('missing', 'jsonb', (c) => c.notNull())
    .addColumn('unexpected', 'jsonb', (c) => c.notNull())
    .addColumn('moved', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stack_audits_pkey', ['org_id', 'id'])
    .execute();
  await db.schema
    .createIndex('stack_audits_by_stack')
    .on('stack_audits')
    .columns(['org_id', 'stack_id', 'finished_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stack_audits').execute();
}
