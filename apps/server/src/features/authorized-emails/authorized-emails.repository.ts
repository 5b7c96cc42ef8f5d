import type { Database, Db } from '@baletrack/db/database';
import { type Selectable, sql } from 'kysely';

export type AuthorizedEmailRow = Selectable<Database['authorizedEmails']>;

/** What a new confirmation mail sets: fresh hashes, a new deadline, attempts reset. */
export interface Confirmation {
  tokenHash: string;
  codeHash: string;
  confirmBy: Date;
}

/** The organization's authorized emails, removed ones included, newest first. */
export function listAuthorizedEmails(db: Db, orgId: string): Promise<AuthorizedEmailRow[]> {
  return db
    .selectFrom('authorizedEmails')
    .selectAll()
    .where('orgId', '=', orgId)
    .orderBy('createdAt', 'desc')
    .orderBy('email')
    .execute();
}

/** The live (not removed) entry of an email in an organization. */
export function findLiveAuthorizedEmail(db: Db, orgId: string, email: string) {
  return db
    .selectFrom('authorizedEmails')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('email', '=', email)
    .where('status', '<>', 'Deleted')
    .executeTakeFirst();
}

/** The Pending entry a confirmation link's token belongs to, with its organization's name. */
export function findByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('authorizedEmails')
    .innerJoin('organizations', 'organizations.id', 'authorizedEmails.orgId')
    .selectAll('authorizedEmails')
    .select('organizations.name as organizationName')
    .where('tokenHash', '=', tokenHash)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
}

/**
 * The organization's Active authorized emails (lower case): ACM subscriptions under them count
 * as the account's when a baler is registered.
 * @example await activeAuthorizedEmails(db, orgId) // → ['dealer@example.com']
 */
export async function activeAuthorizedEmails(db: Db, orgId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('authorizedEmails')
    .select('email')
    .where('orgId', '=', orgId)
    .where('status', '=', 'Active')
    .execute();
  return rows.map((row) => row.email);
}

export async function insertAuthorizedEmail(
  db: Db,
  row: { id: string; orgId: string; email: string; createdAt: Date } & Confirmation,
): Promise<void> {
  await db
    .insertInto('authorizedEmails')
    .values({ ...row, status: 'Pending' })
    .execute();
}

/** Replaces the open confirmation of a live entry (a resend, or re-adding an Expired one). */
export async function renewConfirmation(db: Db, id: string, confirmation: Confirmation) {
  await db
    .updateTable('authorizedEmails')
    .set({ ...confirmation, status: 'Pending', codeAttempts: 0 })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .execute();
}

/**
 * Spends one code attempt of a Pending entry and returns what to check the code against; none
 * left (or not Pending) answers undefined. Spending first keeps parallel guesses within the limit.
 */
export function spendCodeAttempt(db: Db, id: string, maxAttempts: number) {
  return db
    .updateTable('authorizedEmails')
    .set({ codeAttempts: sql`code_attempts + 1` })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .where('codeHash', 'is not', null)
    .where('codeAttempts', '<', maxAttempts)
    .returning(['codeHash', 'confirmBy'])
    .executeTakeFirst();
}

/**
 * Makes a Pending entry Active and voids its link and code (single use); false when it was not
 * Pending or its confirmation lapsed by `now`.
 */
export async function activate(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('authorizedEmails')
    .set({ status: 'Active', confirmedAt: now, confirmBy: null, tokenHash: null, codeHash: null })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .where('confirmBy', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a live entry Deleted (kept for history); its link and code stop working. */
export async function markDeleted(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('authorizedEmails')
    .set({ status: 'Deleted', deletedAt: now, tokenHash: null, codeHash: null })
    .where('id', '=', id)
    .where('status', '<>', 'Deleted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes an entry outright: only one whose confirmation mail could not be sent. */
export async function deleteAuthorizedEmail(db: Db, id: string): Promise<void> {
  await db.deleteFrom('authorizedEmails').where('id', '=', id).execute();
}
