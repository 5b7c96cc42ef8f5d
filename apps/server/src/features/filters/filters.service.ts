import { randomUUID } from 'node:crypto';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  type Filter,
  type FilterDefinition,
  type FiltersResponse,
  filterDefinitionSchema,
  type SaveFilterRequest,
} from '@baletrack/contracts/filters/filter';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import {
  type ChoiceTable,
  deleteFilter,
  filterNameTaken,
  filterUsedByReports,
  findFilter,
  insertFilter,
  listFilters,
  ownedIds,
  updateFilter,
} from './filters.repository.ts';

type FilterRow = Awaited<ReturnType<typeof listFilters>>[number];

// The definition was validated on the way in; parsing again fills defaults added since.
function toFilter(row: FilterRow): Filter {
  return { id: row.id, name: row.name, ...filterDefinitionSchema.parse(row.definition) };
}

const notFound = () => new AppError('NOT_FOUND', 'This filter does not exist.');
const nameExists = () =>
  new AppError('CONFLICT', messages.filter.nameExists, [
    { path: 'name', message: messages.filter.nameExists },
  ]);

function split({ name, ...definition }: SaveFilterRequest): {
  name: string;
  definition: FilterDefinition;
} {
  // A choice repeated is the same choice: stored once.
  const once = <T>(values: T[]) => [...new Set(values)];
  return {
    name,
    definition: {
      ...definition,
      fieldIds: once(definition.fieldIds),
      cuttingIds: once(definition.cuttingIds),
      cropIds: once(definition.cropIds),
      balerIds: once(definition.balerIds),
      baleSizes: once(definition.baleSizes),
    },
  };
}

const choices = [
  ['fieldIds', 'fields', messages.selection.unknownFields],
  ['cuttingIds', 'cuttings', messages.selection.unknownCuttings],
  ['cropIds', 'crops', messages.selection.unknownCrops],
  ['balerIds', 'balers', messages.selection.unknownBalers],
] as const satisfies readonly (readonly [keyof FilterDefinition, ChoiceTable, string])[];

/**
 * What the schema cannot check: every chosen field, cutting, crop and baler is the
 * organization's. Another organization's id reads like a deleted one (400, nothing stored), so
 * the answer tells nothing about other organizations.
 */
async function checkChoices(ctx: AppContext, orgId: string, definition: FilterDefinition) {
  const problems = await Promise.all(
    choices.map(async ([key, table, message]) => {
      const ids = definition[key];
      const owned = await ownedIds(ctx.db, orgId, table, ids);
      return ids.every((id) => owned.has(id)) ? undefined : { path: key, message };
    }),
  );
  const issues = problems.filter((p) => p !== undefined);
  const [first] = issues;
  if (first) throw new AppError('VALIDATION_FAILED', first.message, issues);
}

/** PostgreSQL's unique_violation: two saves racing for one name. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export async function filters(ctx: AppContext, orgId: string): Promise<FiltersResponse> {
  const rows = await listFilters(ctx.db, orgId);
  return { filters: rows.map(toFilter) };
}

/** The organization's filter, for applying it to bale reads; 404 for anyone else's. */
export async function storedFilter(ctx: AppContext, orgId: string, id: string): Promise<Filter> {
  const row = await findFilter(ctx.db, orgId, id);
  if (!row) throw notFound();
  return toFilter(row);
}

export async function createFilter(
  ctx: AppContext,
  orgId: string,
  request: SaveFilterRequest,
): Promise<Filter> {
  const { name, definition } = split(request);
  await checkChoices(ctx, orgId, definition);
  if (await filterNameTaken(ctx.db, orgId, name)) throw nameExists();
  try {
    const row = await insertFilter(ctx.db, orgId, { id: randomUUID(), name, definition });
    return toFilter(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

export async function changeFilter(
  ctx: AppContext,
  orgId: string,
  id: string,
  request: SaveFilterRequest,
): Promise<Filter> {
  const { name, definition } = split(request);
  // Existence first: another organization's id is a 404 whatever the name.
  if (!(await findFilter(ctx.db, orgId, id))) throw notFound();
  await checkChoices(ctx, orgId, definition);
  if (await filterNameTaken(ctx.db, orgId, name, id)) throw nameExists();
  try {
    const row = await updateFilter(ctx.db, orgId, { id, name, definition }, ctx.now());
    if (!row) throw notFound();
    return toFilter(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

export async function removeFilter(ctx: AppContext, orgId: string, id: string): Promise<void> {
  if (await filterUsedByReports(ctx.db, orgId, id)) {
    throw new AppError('CONFLICT', messages.filter.usedByAutomaticReport);
  }
  try {
    if (!(await deleteFilter(ctx.db, orgId, id))) throw notFound();
  } catch (error) {
    // A report was set up on it between the check and the delete (automated_reports' key).
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', messages.filter.usedByAutomaticReport);
    }
    throw error;
  }
}
