import type { Database } from '@baletrack/db/database';
import type { Transaction } from 'kysely';
import { deleteOrganizationWithBales } from '../bales/bale-writes.repository.ts';
import { tokenChecks } from '../identity/token-checks.ts';

/**
 * Deletes the organization and everything of it, in the caller's transaction: its bales (no
 * foreign key since migration 0018: deleteOrganizationWithBales), its people's codes
 * (user_codes has no foreign key: it also holds codes of names nobody has), its exports not yet
 * built, then the organization row, which every tenant table follows by its foreign key
 * (`on delete cascade`; people take their sign-in challenges, refresh tokens and conversations
 * with them). Ready exports stay, their org_id emptied (`on delete set null`): their links work
 * until they expire. Answers whether the organization was there.
 */
export async function deleteOrganization(
  trx: Transaction<Database>,
  orgId: string,
): Promise<boolean> {
  const result = await deleteOrganizationWithBales(trx, orgId, async () => {
    await trx
      .deleteFrom('userCodes')
      .where('userId', 'in', (eb) => eb.selectFrom('users').select('id').where('orgId', '=', orgId))
      .execute();
    await trx
      .deleteFrom('dataExports')
      .where('orgId', '=', orgId)
      .where('status', '!=', 'ready')
      .execute();
    return trx.deleteFrom('organizations').where('id', '=', orgId).executeTakeFirst();
  });
  // Its users and their sessions went with it (cascade).
  tokenChecks.forgetAll();
  return Number(result.numDeletedRows) === 1;
}
