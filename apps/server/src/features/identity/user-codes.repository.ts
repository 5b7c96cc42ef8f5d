import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';

export type CodePurpose = 'confirm-sign-up' | 'reset-password' | 'sign-in';

/** Stores a new code for a user and purpose, replacing (and so voiding) any earlier one. */
export async function replaceCode(
  db: Db,
  row: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('userCodes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc.columns(['userId', 'purpose']).doUpdateSet({
        codeHash: row.codeHash,
        expiresAt: row.expiresAt,
        createdAt: sql`now()`,
        attempts: 0,
      }),
    )
    .execute();
}

/**
 * Spends one attempt on a code, atomically, so parallel guesses cannot exceed the limit.
 * Undefined when there is no code or its attempts are used up.
 */
export function spendAttempt(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  maxAttempts: number,
): Promise<{ codeHash: string; expiresAt: Date } | undefined> {
  return db
    .updateTable('userCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('attempts', '<', maxAttempts)
    .returning(['codeHash', 'expiresAt'])
    .executeTakeFirst();
}

/** The stored code whatever its attempts; undefined when there is none. */
export function findCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
): Promise<{ codeHash: string; expiresAt: Date } | undefined> {
  return db
    .selectFrom('userCodes')
    .select(['codeHash', 'expiresAt'])
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function deleteCode(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db
    .deleteFrom('userCodes')
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

/** Housekeeping: deletes the codes that expired before `expiredBefore`; answers how many. */
export async function deleteExpiredCodes(db: Db, expiredBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('userCodes')
    .where('expiresAt', '<=', expiredBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
