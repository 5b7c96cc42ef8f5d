import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';

export function findDemoOrganization(db: Kysely<Database>) {
  return db.selectFrom('organizations').select('id').where('isDemo', '=', true).executeTakeFirst();
}

export async function hasAnyOrganization(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) !== undefined
  );
}
