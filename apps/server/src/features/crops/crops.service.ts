import type { Crop, CropsResponse } from '@baletrack/contracts/crops/crop';
import { messages } from '@baletrack/contracts/errors/messages';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { regradeBaleCells } from '../bales/bale-writes.repository.ts';
import {
  deleteCrop,
  findCrop,
  insertCrops,
  listCrops,
  listCuttingNamesWithCrop,
  lockCrop,
  renameCrop,
} from './crops.repository.ts';

const m = messages.fieldCuttingCrop;

/** Turns the name index's refusal into the 409 the crop screen shows next to the name. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'crops_org_name_key')) {
      throw new AppError('CONFLICT', m.cropNameExists, [
        { path: 'name', message: m.cropNameExists },
      ]);
    }
    throw error;
  }
}

export async function cropsOf(ctx: AppContext, orgId: string): Promise<CropsResponse> {
  return { crops: await listCrops(ctx.db, orgId) };
}

export async function cropOf(ctx: AppContext, orgId: string, id: string): Promise<Crop> {
  const crop = await findCrop(ctx.db, orgId, id);
  if (!crop) throw new AppError('NOT_FOUND', m.cropNotFound);
  return crop;
}

export async function createCrop(ctx: AppContext, orgId: string, name: string): Promise<Crop> {
  const [id] = await uniqueName(() => insertCrops(ctx.db, orgId, [{ name }]));
  return { id: id as string, name };
}

export async function renameCropOf(
  ctx: AppContext,
  orgId: string,
  id: string,
  name: string,
): Promise<Crop> {
  // The name says whether the crop is a legume, so it picks its cuttings' grade table.
  const crop = await uniqueName(() =>
    ctx.db.transaction().execute(async (trx) => {
      const renamed = await renameCrop(trx, orgId, id, name);
      if (renamed) await regradeBaleCells(trx, orgId);
      return renamed;
    }),
  );
  if (!crop) throw new AppError('NOT_FOUND', m.cropNotFound);
  return crop;
}

/** Deletes a crop; refused (409, naming them) while cuttings use it. */
export async function deleteCropOf(ctx: AppContext, orgId: string, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const crop = await lockCrop(trx, orgId, id);
    if (!crop) throw new AppError('NOT_FOUND', m.cropNotFound);
    const users = await listCuttingNamesWithCrop(trx, orgId, id);
    if (users.length > 0) throw new AppError('CONFLICT', m.cropInUse(users));
    await deleteCrop(trx, orgId, id);
  });
}
