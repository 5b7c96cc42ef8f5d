import type { Settings } from '@baletrack/contracts/settings/settings';
import type { FieldYieldResponse } from '@baletrack/contracts/yield/yield';
import { cropYearWindow } from '@baletrack/domain/crop-year';
import { fieldYields } from '@baletrack/domain/yield/field-yield';
import { removalCoefficients } from '@baletrack/domain/yield/nutrient-removal';
import type { AppContext } from '../../app-context.ts';
import { listCrops } from '../crops/crops.repository.ts';
import { listCuttings } from '../cuttings/cuttings.repository.ts';
import { listFields } from '../fields/fields.repository.ts';
import { getSettings } from '../settings/settings.service.ts';
import { readFieldHarvests } from './yield.repository.ts';
import { fieldYieldCsv } from './yield-csv.ts';

/**
 * Each field's yield in crop year `year` against the year before, ranked
 * (docs/product.md#beyond-the-spec-yield-per-field); every user reads it.
 */
export async function fieldYield(
  ctx: AppContext,
  orgId: string,
  year: number,
  settings?: Settings,
): Promise<FieldYieldResponse> {
  const { cropYearStartMonth } = settings ?? (await getSettings(ctx, orgId));
  const range = {
    from: cropYearWindow(year - 1, cropYearStartMonth).start,
    to: cropYearWindow(year, cropYearStartMonth).end,
  };
  const [fields, crops, cuttings, cuttingsBefore, { harvests, outside }] = await Promise.all([
    listFields(ctx.db, orgId),
    listCrops(ctx.db, orgId),
    listCuttings(ctx.db, orgId, { year }),
    listCuttings(ctx.db, orgId, { year: year - 1 }),
    readFieldHarvests(ctx.db, orgId, range, cropYearStartMonth),
  ]);
  const outsideFields = { bales: 0, weightKg: 0, dryMatterKg: 0 };
  for (const sums of outside.filter((row) => row.cropYear === year)) {
    outsideFields.bales += Math.round(sums.bales);
    outsideFields.weightKg += sums.weightKg;
    outsideFields.dryMatterKg += sums.dryMatterKg;
  }
  return {
    year,
    fields: fieldYields({
      year,
      fields: fields.map((field) => ({
        id: field.id,
        name: field.name,
        areaHectares: field.areaHa,
      })),
      cuttings: [...cuttings, ...cuttingsBefore].map((cutting) => {
        const crop = crops.find((c) => c.id === cutting.cropId);
        return { ...cutting, removal: crop ? removalCoefficients(crop) : null };
      }),
      harvests,
    }),
    outsideFields,
  };
}

/** The same as a CSV file in the organization's units. */
export async function fieldYieldCsvFile(ctx: AppContext, orgId: string, year: number) {
  const settings = await getSettings(ctx, orgId);
  const answer = await fieldYield(ctx, orgId, year, settings);
  return {
    filename: `baletrack-yield-${year}.csv`,
    body: fieldYieldCsv(answer, settings.measurementSystem),
  };
}
