import type { Database, Db } from '@baletrack/db/database';
import { type Insertable, type Selectable, sql } from 'kysely';
import { tokenChecks } from './token-checks.ts';

export type PoolUser = Selectable<Database['users']>;

const userIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a name a client gives is a user id (USER_ID_FOR_SRP) rather than an email. */
export const isUserIdName = (username: string): boolean => userIdPattern.test(username);

/** A user by the name a client signs in with: the uuid (USER_ID_FOR_SRP) or the email. */
export function findUserByUsername(db: Db, username: string): Promise<PoolUser | undefined> {
  const byId = isUserIdName(username);
  return db
    .selectFrom('users')
    .selectAll()
    .$if(byId, (q) => q.where('id', '=', username.toLowerCase()))
    .$if(!byId, (q) => q.where('email', '=', username.trim().toLowerCase()))
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<PoolUser | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, user: Insertable<Database['users']>): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Pick<PoolUser, 'srpSalt' | 'srpVerifier' | 'status' | 'enabled' | 'groups'>>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  tokenChecks.forgetUser(id);
}

export async function organizationExists(db: Db, orgId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes a user; their challenges and refresh tokens go with them (cascade), their codes here
 * (user_codes also holds codes of names no user has, so it has no foreign key).
 */
export async function deleteUserById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('userCodes').where('userId', '=', id).execute();
  await db.deleteFrom('users').where('id', '=', id).execute();
  tokenChecks.forgetUser(id);
}
