import type { Crop, CropsResponse, SaveCropQuery } from '@baletrack/contracts/crops/crop';
import { messages } from '@baletrack/contracts/errors/messages';
import { publishedRemoval, removalBasisOf } from '@baletrack/domain/yield/nutrient-removal';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { regradeBaleCells } from '../bales/bale-writes.repository.ts';
import {
  deleteCrop,
  findCrop,
  insertCrops,
  listCrops,
  listCuttingDatesWithCrop,
  listCuttingNamesWithCrop,
  lockCrop,
  updateCrop,
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

type StoredCrop = Omit<Crop, 'published'>;

/** A stored crop with the published removal rates its name reads as. */
function withPublished(crop: StoredCrop): Crop {
  const basis = removalBasisOf(crop.name);
  return { ...crop, published: { basis, ...publishedRemoval[basis] } };
}

export async function cropsOf(ctx: AppContext, orgId: string): Promise<CropsResponse> {
  return { crops: (await listCrops(ctx.db, orgId)).map(withPublished) };
}

export async function cropOf(ctx: AppContext, orgId: string, id: string): Promise<Crop> {
  const crop = await findCrop(ctx.db, orgId, id);
  if (!crop) throw new AppError('NOT_FOUND', m.cropNotFound);
  return withPublished(crop);
}

export async function createCrop(
  ctx: AppContext,
  orgId: string,
  query: SaveCropQuery,
): Promise<Crop> {
  const crop = {
    name: query.name,
    p2o5KgPerTonneDm: query.p2o5KgPerTonneDm ?? null,
    k2oKgPerTonneDm: query.k2oKgPerTonneDm ?? null,
  };
  const [id] = await uniqueName(() => insertCrops(ctx.db, orgId, [crop]));
  return withPublished({ id: id as string, ...crop });
}

/** Renames a crop and sets the removal rates the query gives (absent ones stay). */
export async function updateCropOf(
  ctx: AppContext,
  orgId: string,
  id: string,
  query: SaveCropQuery,
): Promise<Crop> {
  const crop = await uniqueName(() =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await lockCrop(trx, orgId, id);
      if (!before) return undefined;
      const updated = await updateCrop(trx, orgId, id, query);
      // The name says whether the crop is a legume, so it picks its cuttings' grade table.
      if (before.name !== query.name) {
        await regradeBaleCells(trx, orgId, await listCuttingDatesWithCrop(trx, orgId, id));
      }
      return updated;
    }),
  );
  if (!crop) throw new AppError('NOT_FOUND', m.cropNotFound);
  return withPublished(crop);
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
