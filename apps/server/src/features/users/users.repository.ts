import type { Database, Db } from '@baletrack/db/database';
import { sql, type Transaction } from 'kysely';
import { tokenChecks } from '../identity/token-checks.ts';

export function insertOrganization(
  db: Db,
  organization: { id: string; name: string; isDemo?: boolean },
) {
  return db.insertInto('organizations').values(organization).execute();
}

export function findOrganization(db: Db, orgId: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

/**
 * Holds the organization's row until the transaction ends, so that two requests changing the
 * same organization-wide thing (its wallet, a chosen list replaced whole) take turns.
 * @example await db.transaction().execute(async (trx) => { await lockOrganization(trx, orgId); … });
 */
export async function lockOrganization(trx: Transaction<Database>, orgId: string): Promise<void> {
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
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

const userColumns = ['id', 'orgId', 'email', 'name', 'status', 'enabled', 'groups'] as const;

/**
 * Users of one organization, optionally only those in a group or only the sub-accounts (neither
 * owner nor SuperAdmin: the managers and viewers), oldest first so an invite list keeps its order.
 */
export function listUsers(
  db: Db,
  orgId: string,
  only: { group?: string; subAccounts?: boolean } = {},
) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('orgId', '=', orgId)
    .$if(only.group !== undefined, (q) => q.where(sql<boolean>`${only.group} = any(groups)`))
    .$if(only.subAccounts === true, (q) =>
      q.where(sql<boolean>`not (groups && array['AccountsOwner', 'SuperAdmins']::text[])`),
    )
    .orderBy('createdAt')
    .orderBy('email')
    .execute();
}

/** A user of one organization by id or email; another organization's users stay invisible. */
export function findUserByRef(db: Db, orgId: string, ref: { id?: string; email?: string }) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where('orgId', '=', orgId)
    .$if(ref.id !== undefined, (q) => q.where('id', '=', ref.id as string))
    .$if(ref.id === undefined, (q) => q.where('email', '=', ref.email ?? ''))
    .executeTakeFirst();
}

/** The organization a registered address belongs to, if any. */
export async function organizationOfEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('orgId')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.orgId;
}

export async function renameUser(db: Db, orgId: string, userId: string, name: string) {
  await db
    .updateTable('users')
    .set({ name, updatedAt: sql`now()` })
    .where('orgId', '=', orgId)
    .where('id', '=', userId)
    .execute();
  // The name travels with a verified token (features/identity/token-checks.ts).
  tokenChecks.forgetUser(userId);
}

/** Whether any automated report of the organization is sent to the address (any case). */
export async function emailReceivesReports(db: Db, orgId: string, email: string) {
  const row = await db
    .selectFrom('automatedReports')
    .select('id')
    .where('orgId', '=', orgId)
    .where(sql<boolean>`${email.toLowerCase()} = any(recipients)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
