import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export function insertOrganization(
  db: Db,
  organization: { id: string; name: string; isDemo?: boolean },
) {
  return db.insertInto('organizations').values(organization).execute();
}

export function findOrganization(db: Db, orgId: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user of one organization; the organization is part of the key so no caller can forget it. */
export function findUser(db: Db, orgId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'orgId', 'email', 'name', 'status', 'enabled', 'groups', 'createdAt'])
    .where('orgId', '=', orgId)
    .where('id', '=', userId)
    .executeTakeFirst();
}
