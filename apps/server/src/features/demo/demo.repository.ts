import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { deleteOrganizationWithBales } from '../bales/bale-writes.repository.ts';
import { tokenChecks } from '../identity/token-checks.ts';

export function findDemoOrganization(db: Kysely<Database>) {
  return db.selectFrom('organizations').select('id').where('isDemo', '=', true).executeTakeFirst();
}

export async function hasAnyOrganization(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) !== undefined
  );
}

/** How many organizations are real ones (not the demo): `db:seed` refuses to touch those. */
export async function countNonDemoOrganizations(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isDemo', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes a demo organization half-seeded by a failed run: its bales (no foreign key since
 * migration 0018), then the organization, which its other rows follow (cascade).
 */
export async function deleteDemoOrganization(db: Kysely<Database>, orgId: string) {
  await db.transaction().execute(async (trx) => {
    const demo = await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', orgId)
      .where('isDemo', '=', true)
      .executeTakeFirst();
    if (!demo) return;
    await deleteOrganizationWithBales(trx, orgId, () =>
      trx.deleteFrom('organizations').where('id', '=', orgId).execute(),
    );
  });
  tokenChecks.forgetAll();
}
