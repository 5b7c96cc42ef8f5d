import type {
  Cutting,
  CuttingsResponse,
  SaveCuttingRequest,
} from '@baletrack/contracts/cuttings/cutting';
import { messages } from '@baletrack/contracts/errors/messages';
import type { Database } from '@baletrack/db/database';
import { cropYearDays } from '@baletrack/domain/crop-year';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { regradeBaleCells } from '../bales/bale-writes.repository.ts';
import { findCrop } from '../crops/crops.repository.ts';
import { existingFieldIds } from '../fields/fields.repository.ts';
import { findSettings } from '../settings/settings.repository.ts';
import {
  countCuttingsInYear,
  deleteCutting,
  insertCuttings,
  listCuttings,
  lockCuttingYear,
  updateCutting,
} from './cuttings.repository.ts';

const m = messages.fieldCuttingCrop;

/** A cutting's year as the request gives it; `all` for every year. */
export async function cuttingsOf(
  ctx: AppContext,
  orgId: string,
  year: number | 'all',
): Promise<CuttingsResponse> {
  return { cuttings: await listCuttings(ctx.db, orgId, year === 'all' ? {} : { year }) };
}

export async function cuttingOf(ctx: AppContext, orgId: string, id: string): Promise<Cutting> {
  const [cutting] = await listCuttings(ctx.db, orgId, { id });
  if (!cutting) throw new AppError('NOT_FOUND', m.cuttingNotFound);
  return cutting;
}

/**
 * What the schema cannot check: the days lie within the crop year the cutting counts towards
 * (the organization's start month decides it; a cutting of 2019 counted for 2026 would claim
 * another season's bales), the fields and crop belong to the organization, and the crop
 * year has room (MAX_CUTTINGS_PER_YEAR, counted under a lock so two saves cannot both take the
 * last place). `exceptId` is the cutting being edited.
 */
async function checkCutting(
  ctx: AppContext,
  trx: Transaction<Database>,
  orgId: string,
  cutting: SaveCuttingRequest,
  exceptId?: string,
) {
  const settings = await findSettings(trx, orgId);
  const { first, last } = cropYearDays(cutting.year, settings?.cropYearStartMonth ?? 1);
  if (cutting.startDate < first || cutting.endDate > last) {
    const message = m.cuttingOutsideYear(cutting.year, first, last);
    throw new AppError('VALIDATION_FAILED', message, [
      { path: cutting.startDate < first ? 'startDate' : 'endDate', message },
    ]);
  }
  const fieldIds = [...new Set(cutting.fieldIds)];
  if ((await existingFieldIds(trx, orgId, fieldIds)).length !== fieldIds.length) {
    throw new AppError('VALIDATION_FAILED', messages.selection.unknownFields, [
      { path: 'fieldIds', message: messages.selection.unknownFields },
    ]);
  }
  if (cutting.cropId !== null && !(await findCrop(trx, orgId, cutting.cropId))) {
    throw new AppError('VALIDATION_FAILED', messages.selection.unknownCrop, [
      { path: 'cropId', message: messages.selection.unknownCrop },
    ]);
  }
  await lockCuttingYear(trx, orgId, cutting.year);
  const max = ctx.config.maxCuttingsPerYear;
  if ((await countCuttingsInYear(trx, orgId, cutting.year, exceptId)) >= max) {
    const message = m.cuttingLimitReached(max, cutting.year);
    throw new AppError('CONFLICT', message, [{ path: 'year', message }]);
  }
  return { ...cutting, fieldIds };
}

/** The days a cutting holds bales of, as the bale tiles are graded again by. */
const datesOf = (cutting: { startDate: string; endDate: string }) => ({
  start: cutting.startDate,
  end: cutting.endDate,
});

export async function createCutting(
  ctx: AppContext,
  orgId: string,
  request: SaveCuttingRequest,
): Promise<Cutting> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const cutting = await checkCutting(ctx, trx, orgId, request);
    const [created] = await insertCuttings(trx, orgId, [cutting]);
    await regradeBaleCells(trx, orgId, [datesOf(cutting)]);
    return created as string;
  });
  return cuttingOf(ctx, orgId, id);
}

export async function updateCuttingOf(
  ctx: AppContext,
  orgId: string,
  id: string,
  request: SaveCuttingRequest,
): Promise<Cutting> {
  await ctx.db.transaction().execute(async (trx) => {
    // Another organization's cutting is not found, whatever the request holds.
    const [stored] = await listCuttings(trx, orgId, { id });
    if (!stored) throw new AppError('NOT_FOUND', m.cuttingNotFound);
    const cutting = await checkCutting(ctx, trx, orgId, request, id);
    await updateCutting(trx, orgId, id, cutting);
    await regradeBaleCells(trx, orgId, [datesOf(stored), datesOf(cutting)]);
  });
  return cuttingOf(ctx, orgId, id);
}

export async function deleteCuttingOf(ctx: AppContext, orgId: string, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const [stored] = await listCuttings(trx, orgId, { id });
    if (!stored || !(await deleteCutting(trx, orgId, id))) {
      throw new AppError('NOT_FOUND', m.cuttingNotFound);
    }
    await regradeBaleCells(trx, orgId, [datesOf(stored)]);
  });
}
