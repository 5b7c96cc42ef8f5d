import { messages } from '@baletrack/contracts/errors/messages';
import type { Field, FieldsResponse, SaveFieldRequest } from '@baletrack/contracts/fields/field';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Database } from '@baletrack/db/database';
import { boundaryBox, type LonLatBox } from '@baletrack/domain/geo/boundary-box';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseBox } from '../../lib/boundary.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { commitBaleVersion, lockNextBaleVersion } from '../bales/bale-writes.repository.ts';
import { checkBoundary } from './boundary-checks.ts';
import { reassignBaleFields } from './field-assignment.ts';
import {
  deleteField,
  findField,
  insertFields,
  listCuttingsOnlyOnField,
  listFields,
  updateField,
} from './fields.repository.ts';

const m = messages.fieldCuttingCrop;

type FieldRow = NonNullable<Awaited<ReturnType<typeof findField>>>;

function toField(row: FieldRow): Field {
  return {
    id: row.id,
    name: row.name,
    sizeHectares: row.sizeHa,
    areaHectares: row.areaHa,
    // Stored only after validation against boundarySchema.
    boundary: row.boundary as Boundary,
  };
}

/** The organization's fields as GET /fields returns them. */
export async function fieldsOf(ctx: AppContext, orgId: string): Promise<FieldsResponse> {
  return { fields: (await listFields(ctx.db, orgId)).map(toField) };
}

export async function fieldOf(ctx: AppContext, orgId: string, id: string): Promise<Field> {
  const row = await findField(ctx.db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND', m.fieldNotFound);
  return toField(row);
}

/**
 * Runs a change of fields and then re-derives the fieldUIDs of the bales it can affect (those
 * made in the returned boxes), all in one transaction. The bale version is locked first, like
 * ingest does, so a field change and a batch of bales never interleave; it is published only
 * when some bale changed, which makes every cached copy reload those bales.
 */
async function changeFields<T>(
  ctx: AppContext,
  orgId: string,
  change: (trx: Transaction<Database>) => Promise<{ result: T; boxes: LonLatBox[] }>,
): Promise<T> {
  const changedAt = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const version = await lockNextBaleVersion(trx, orgId);
      const { result, boxes } = await change(trx);
      const changed = await reassignBaleFields(trx, orgId, boxes, { version, changedAt });
      if (changed > 0) await commitBaleVersion(trx, orgId, version);
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'fields_org_name_key')) {
      throw new AppError('CONFLICT', m.fieldNameExists, [
        { path: 'name', message: m.fieldNameExists },
      ]);
    }
    throw error;
  }
}

export async function createField(
  ctx: AppContext,
  orgId: string,
  request: SaveFieldRequest,
): Promise<Field> {
  const boundary = checkBoundary(request.boundary);
  const id = await changeFields(ctx, orgId, async (trx) => {
    const [created] = await insertFields(trx, orgId, [{ ...request, boundary }]);
    return { result: created as string, boxes: [boundaryBox(boundary)] };
  });
  return fieldOf(ctx, orgId, id);
}

export async function updateFieldOf(
  ctx: AppContext,
  orgId: string,
  id: string,
  request: SaveFieldRequest,
): Promise<Field> {
  const boundary = checkBoundary(request.boundary);
  await changeFields(ctx, orgId, async (trx) => {
    const before = await updateField(trx, orgId, id, { ...request, boundary }, ctx.now());
    if (!before) throw new AppError('NOT_FOUND', m.fieldNotFound);
    return { result: undefined, boxes: [parseBox(before.box), boundaryBox(boundary)] };
  });
  return fieldOf(ctx, orgId, id);
}

/**
 * Deletes a field; its bales lose it. Refused (409) while it is the only field of a cutting with
 * a crop, which would leave that cutting breaking the rule of docs/product.md#validation-rules.
 */
export async function deleteFieldOf(ctx: AppContext, orgId: string, id: string): Promise<void> {
  await changeFields(ctx, orgId, async (trx) => {
    const stranded = await listCuttingsOnlyOnField(trx, orgId, id);
    if (stranded.length > 0) {
      throw new AppError('CONFLICT', m.fieldLastOfCutting(stranded.map((c) => c.name)));
    }
    const deleted = await deleteField(trx, orgId, id);
    if (!deleted) throw new AppError('NOT_FOUND', m.fieldNotFound);
    return { result: undefined, boxes: [parseBox(deleted.box)] };
  });
}
