import { randomUUID } from 'node:crypto';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  type Filter,
  type FilterDefinition,
  type FiltersResponse,
  filterDefinitionSchema,
  type SaveFilterRequest,
} from '@baletrack/contracts/filters/filter';
import type { AppContext } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteFilter,
  filterNameTaken,
  findFilter,
  insertFilter,
  listFilters,
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
  return { name, definition };
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
  // Automated reports (not built yet) will refuse here with messages.filter.usedByAutomaticReport.
  if (!(await deleteFilter(ctx.db, orgId, id))) throw notFound();
}
