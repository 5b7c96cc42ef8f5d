import type { Db, StackAuditsTable } from '@baletrack/db/database';
import type { Insertable } from 'kysely';

const auditColumns = [
  'id',
  'stackId',
  'storage',
  'by',
  'startedAt',
  'finishedAt',
  'expectedCount',
  'found',
  'missing',
  'unexpected',
  'moved',
] as const;

export type AuditRow = Awaited<ReturnType<typeof findAudit>> & {};

export function findAudit(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('stackAudits')
    .select(auditColumns)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records an audit once: false when one with its id was recorded already. */
export async function insertAudit(db: Db, row: Insertable<StackAuditsTable>) {
  const inserted = await db
    .insertInto('stackAudits')
    .values(row)
    .onConflict((oc) => oc.columns(['orgId', 'id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A stack's audits, newest first. */
export function listStackAudits(db: Db, orgId: string, stackId: string, limit: number) {
  return db
    .selectFrom('stackAudits')
    .select(auditColumns)
    .where('orgId', '=', orgId)
    .where('stackId', '=', stackId)
    .orderBy('finishedAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The newest audit of each of these stacks. */
export function listLatestAudits(db: Db, orgId: string, stackIds: string[]) {
  if (stackIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stackAudits')
    .distinctOn('stackId')
    .select(auditColumns)
    .where('orgId', '=', orgId)
    .where('stackId', 'in', stackIds)
    .orderBy('stackId')
    .orderBy('finishedAt', 'desc')
    .execute();
}
