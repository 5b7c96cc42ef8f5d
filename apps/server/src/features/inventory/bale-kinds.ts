import type { ForageKind } from '@baletrack/domain/quality-grade';
import { forageKindOfCrops } from '@baletrack/domain/quality-grade/hay-grade';
import type { SummaryReference } from '../summaries/summary-reference.repository.ts';

const DAY_MS = 86_400_000;
const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

/**
 * Per bale: the cuttings holding it (docs/product.md#cutting-membership: one of its fields in the
 * cutting, made within the cutting's days, UTC) and the table its grade follows, from those
 * cuttings' crops — the summaries' rule (summaries `lookUpCuttings`).
 */
export function baleKinds(
  bales: readonly { creationTime: Date; fieldUids: string[] }[],
  reference: SummaryReference,
): { kind: ForageKind | null; cuttingIds: string[] }[] {
  const cropName = new Map(reference.crops.map((c) => [c.id, c.name]));
  const cuttings = reference.cuttings.map((c) => ({
    id: c.id,
    first: dayOf(c.startDate),
    last: dayOf(c.endDate),
    fields: new Set(c.fieldIds),
    crop: c.cropId === null ? undefined : cropName.get(c.cropId),
  }));
  return bales.map((bale) => {
    const day = Math.floor(bale.creationTime.getTime() / DAY_MS);
    const held = cuttings.filter(
      (c) => day >= c.first && day <= c.last && bale.fieldUids.some((f) => c.fields.has(f)),
    );
    const crops = held.flatMap((c) => (c.crop === undefined ? [] : [c.crop]));
    return { kind: forageKindOfCrops(crops), cuttingIds: held.map((c) => c.id) };
  });
}
