import type { Database, Db } from '@baletrack/db/database';
import type { Selectable } from 'kysely';
import { tokenChecks } from './token-checks.ts';

export type RefreshFamily = Selectable<Database['refreshTokens']>;

export async function insertFamily(
  db: Db,
  row: { id: string; userId: string; tokenHash: string; authTime: Date; expiresAt: Date },
): Promise<void> {
  await db.insertInto('refreshTokens').values(row).execute();
}

export function findFamilyByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<RefreshFamily | undefined> {
  return db
    .selectFrom('refreshTokens')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** A family with its user, for checking a presented id or access token in one query. */
export function findFamilyWithUser(db: Db, familyId: string) {
  return db
    .selectFrom('refreshTokens as rt')
    .innerJoin('users as u', 'u.id', 'rt.userId')
    .select([
      'rt.id as familyId',
      'rt.revokedAt',
      'u.id as userId',
      'u.orgId',
      'u.email',
      'u.name',
      'u.groups',
      'u.enabled',
      'u.status',
    ])
    .where('rt.id', '=', familyId)
    .executeTakeFirst();
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('id', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
  tokenChecks.forgetFamily(familyId);
}

export async function revokeAllFamilies(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
  tokenChecks.forgetUser(userId);
}

/** Housekeeping: deletes the families that expired before `before`; answers how many. */
export async function deleteFamiliesExpiredBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('refreshTokens')
    .where('expiresAt', '<', before)
    .executeTakeFirst();
  tokenChecks.forgetAll();
  return Number(result.numDeletedRows);
}
