import type { Database, Db } from '@baletrack/db/database';
import { type ExpressionBuilder, sql } from 'kysely';

/** `text` as an ILIKE pattern matching it anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const matchesSearch = (search: string) => (eb: ExpressionBuilder<Database, 'organizations'>) =>
  eb.or([
    eb('organizations.name', 'ilike', containing(search)),
    // Any of its people's emails: support is often asked by a farm hand, not the owner.
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.orgId', '=', 'organizations.id')
        .where('users.email', 'ilike', containing(search)),
    ),
  ]);

/**
 * Every organization with the figures a SuperAdmin looks at, by name; `search` matches the name
 * or an email of its people. One page, with the number of all matches.
 * @example await listOrganizations(db, { search: 'valley', limit: 50, offset: 0 })
 */
export async function listOrganizations(
  db: Db,
  page: { search?: string; limit: number; offset: number },
) {
  const search = page.search || undefined;
  const organizations = await db
    .selectFrom('organizations')
    .select((eb) => [
      'organizations.id',
      'organizations.name',
      'organizations.isDemo',
      'organizations.createdAt',
      eb
        .selectFrom('users')
        .select('users.email')
        .whereRef('users.orgId', '=', 'organizations.id')
        .where(sql<boolean>`'AccountsOwner' = any(users.groups)`)
        .orderBy('users.createdAt')
        .limit(1)
        .as('ownerEmail'),
      eb
        .selectFrom('users')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('users.orgId', '=', 'organizations.id')
        .as('userCount'),
      eb
        .selectFrom('balers')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('balers.orgId', '=', 'organizations.id')
        .where('balers.deletedAt', 'is', null)
        .as('balerCount'),
      eb
        .selectFrom('bales')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('bales.orgId', '=', 'organizations.id')
        .as('baleCount'),
    ])
    .$if(search !== undefined, (q) => q.where(matchesSearch(search as string)))
    .orderBy('organizations.name')
    .orderBy('organizations.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$if(search !== undefined, (q) => q.where(matchesSearch(search as string)))
    .executeTakeFirstOrThrow();
  return { organizations, total: Number(total) };
}

/** The registry's VINs, with the organization each is registered to now; `search`: VIN or email. */
export function listRegistryEntries(db: Db, search?: string) {
  return db
    .selectFrom('balerRegistry')
    .leftJoin('balers', (join) =>
      join.onRef('balers.vin', '=', 'balerRegistry.vin').on('balers.deletedAt', 'is', null),
    )
    .leftJoin('organizations', 'organizations.id', 'balers.orgId')
    .select([
      'balerRegistry.vin',
      'balerRegistry.registered',
      'balerRegistry.acmEmail',
      'balerRegistry.acmStatus',
      'balerRegistry.acmExpiry',
      'organizations.id as organizationId',
      'organizations.name as organizationName',
    ])
    .$if(Boolean(search), (q) =>
      q.where((eb) =>
        eb.or([
          eb('balerRegistry.vin', 'ilike', containing(search as string)),
          eb('balerRegistry.acmEmail', 'ilike', containing(search as string)),
        ]),
      ),
    )
    .orderBy('balerRegistry.vin')
    .execute();
}

export interface RegistryFields {
  registered: boolean;
  acmEmail: string | null;
  acmStatus: 'Active' | 'Expired' | 'Unknown';
  acmExpiry: string | null;
}

/** Adds a VIN; false when the registry already knows it. */
export async function addRegistryEntry(db: Db, vin: string, fields: RegistryFields) {
  const result = await db
    .insertInto('balerRegistry')
    .values({ vin, ...fields, acmEmail: fields.acmEmail?.toLowerCase() ?? null })
    .onConflict((oc) => oc.column('vin').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Replaces what the registry says about a VIN; false when it does not know it. */
export async function updateRegistryEntry(db: Db, vin: string, fields: RegistryFields) {
  const result = await db
    .updateTable('balerRegistry')
    .set({ ...fields, acmEmail: fields.acmEmail?.toLowerCase() ?? null })
    .where('vin', '=', vin)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forgets a VIN; a baler registered with it stays registered (its ACM shows as Unknown). */
export async function removeRegistryEntry(db: Db, vin: string) {
  const result = await db.deleteFrom('balerRegistry').where('vin', '=', vin).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
