import type { Db } from '@baletrack/db/database';

const filterColumns = ['id', 'name', 'definition'] as const;

/** The organization's filters, by name. */
export function listFilters(db: Db, orgId: string) {
  return db
    .selectFrom('filters')
    .select(filterColumns)
    .where('orgId', '=', orgId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .execute();
}

/** One filter of the organization; another organization's is never found. */
export function findFilter(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('filters')
    .select(filterColumns)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether another filter of the organization has this name, compared without case. */
export async function filterNameTaken(
  db: Db,
  orgId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('filters')
    .select('id')
    .where('orgId', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as string))
    .executeTakeFirst();
  return row !== undefined;
}

export function insertFilter(
  db: Db,
  orgId: string,
  filter: { id: string; name: string; definition: object },
) {
  return db
    .insertInto('filters')
    .values({ orgId, ...filter, definition: JSON.stringify(filter.definition) })
    .returning(filterColumns)
    .executeTakeFirstOrThrow();
}

/** Replaces a filter's name and definition; undefined when the organization has no such filter. */
export function updateFilter(
  db: Db,
  orgId: string,
  filter: { id: string; name: string; definition: object },
  now: Date,
) {
  return db
    .updateTable('filters')
    .set({ name: filter.name, definition: JSON.stringify(filter.definition), updatedAt: now })
    .where('orgId', '=', orgId)
    .where('id', '=', filter.id)
    .returning(filterColumns)
    .executeTakeFirst();
}

/** True when a filter was deleted. */
export async function deleteFilter(db: Db, orgId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('filters')
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The tables a filter's chosen ids point into; deleted balers count (their bales remain). */
export type ChoiceTable = 'fields' | 'cuttings' | 'crops' | 'balers';

/** Of `ids`, those that are rows of `table` in the organization. */
export async function ownedIds(
  db: Db,
  orgId: string,
  table: ChoiceTable,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('orgId', '=', orgId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether any automated report of the organization uses the filter. */
export async function filterUsedByReports(db: Db, orgId: string, filterId: string) {
  const row = await db
    .selectFrom('automatedReports')
    .select('id')
    .where('orgId', '=', orgId)
    .where('filterId', '=', filterId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
