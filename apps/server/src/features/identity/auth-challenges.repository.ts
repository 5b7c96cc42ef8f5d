import type { Db } from '@baletrack/db/database';

export type ChallengeKind =
  | 'PASSWORD_VERIFIER'
  | 'SELECT_CHALLENGE'
  | 'NEW_PASSWORD_REQUIRED'
  | 'CUSTOM_CHALLENGE'
  | 'AUTHORIZATION_CODE';

export interface StoredChallenge {
  id: string;
  userId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  expiresAt: Date;
}

/** Stores a pending sign-in step and sweeps expired ones (cheap: expires_at is indexed). */
export async function insertChallenge(
  db: Db,
  row: Omit<StoredChallenge, 'payload'> & { payload: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db.deleteFrom('authChallenges').where('expiresAt', '<', now).execute();
  await db
    .insertInto('authChallenges')
    .values({ ...row, payload: JSON.stringify(row.payload) })
    .execute();
}

/** Removes and returns a pending step in one statement: each one can be answered only once. */
export function takeChallenge(db: Db, id: string): Promise<StoredChallenge | undefined> {
  return db
    .deleteFrom('authChallenges')
    .where('id', '=', id)
    .returning(['id', 'userId', 'kind', 'payload', 'expiresAt'])
    .executeTakeFirst();
}

/** Drops a user's pending sign-in steps, e.g. when their temporary password is replaced. */
export async function deleteUserChallenges(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('authChallenges').where('userId', '=', userId).execute();
}

/** Housekeeping: deletes expired sign-in steps; answers how many. */
export async function deleteExpiredChallenges(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('authChallenges')
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
