import type { FeedbackRequest } from '@baletrack/contracts/feedback/feedback';
import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';

export async function insertFeedback(
  db: Kysely<Database>,
  row: FeedbackRequest & { orgId: string; id: string; userId: string; createdAt: Date },
) {
  return db
    .insertInto('feedback')
    .values(row)
    .returning(['id', 'type', 'name', 'email', 'details', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/** One organization's feedback, newest first. */
export async function listFeedback(db: Kysely<Database>, orgId: string, limit: number) {
  return db
    .selectFrom('feedback')
    .select(['id', 'type', 'name', 'email', 'details', 'createdAt'])
    .where('orgId', '=', orgId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Everyone's feedback with the organization's name, newest first (SuperAdmins). */
export async function listAllFeedback(db: Kysely<Database>, search: string, limit: number) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('feedback')
    .innerJoin('organizations', 'organizations.id', 'feedback.orgId')
    .select([
      'feedback.id',
      'feedback.orgId',
      'organizations.name as organizationName',
      'feedback.type',
      'feedback.name',
      'feedback.email',
      'feedback.details',
      'feedback.createdAt',
    ])
    .$if(search !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb('organizations.name', 'ilike', pattern),
          eb('feedback.name', 'ilike', pattern),
          eb('feedback.email', 'ilike', pattern),
          eb('feedback.details', 'ilike', pattern),
        ]),
      ),
    )
    .orderBy('feedback.createdAt', 'desc')
    .orderBy('feedback.id')
    .limit(limit)
    .execute();
}

export async function organizationName(db: Kysely<Database>, orgId: string) {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return row?.name ?? null;
}
