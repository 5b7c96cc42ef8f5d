// The phosphate and potash a crop's hay takes off the field, per tonne of its dry matter
// (docs/product.md#beyond-the-spec-yield-per-field). Published values: Agriculture Victoria,
// "Replacing nutrients removed from cutting hay", Sheep Notes, autumn 2017, Table 1 (kg of P and
// K per tonne of dry matter, the middle of each range), as oxides: P2O5 = P × 2.2914 and
// K2O = K × 1.2046 (molar masses). An owner or manager may set a crop's own values instead.
import type { RemovalBasis } from '@baletrack/contracts/crops/crop';
import { GRASS_NAME_PATTERN } from '../quality-grade/hay-grade.ts';
import { LEGUME_NAME_PATTERN } from '../quality-grade/quality-grade.ts';

export type { RemovalBasis };

export interface RemovalCoefficients {
  /** Kilograms of the oxide per tonne of dry matter (grams per kilogram). */
  p2o5KgPerTonneDm: number;
  k2oKgPerTonneDm: number;
}

export const P2O5_PER_P = 141.944 / (2 * 30.974);
export const K2O_PER_K = 94.196 / (2 * 39.098);

const tenths = (value: number) => Math.round(value * 10) / 10;
const asOxides = (pKg: number, kKg: number): RemovalCoefficients => ({
  p2o5KgPerTonneDm: tenths(pKg * P2O5_PER_P),
  k2oKgPerTonneDm: tenths(kKg * K2O_PER_K),
});

/** The published table's rows: lucerne/clover hay, grass-clover hay, oaten hay. */
export const publishedRemoval: Record<RemovalBasis, RemovalCoefficients> = {
  legume: asOxides(3, 25),
  pasture: asOxides(2.75, 20),
  cereal: asOxides(2, 17.5),
};

const legumeName = new RegExp(LEGUME_NAME_PATTERN, 'i');
const grassName = new RegExp(GRASS_NAME_PATTERN, 'i');
const cerealName = /\b(oat|oats|oaten|barley|wheat|triticale|cereal)\b/i;

/**
 * The published row a crop is read by, from its free-text name: legumes alone are lucerne/clover
 * hay; cereals cut for hay are oaten hay; grasses and mixes with a legume are grass-clover hay.
 * @example removalBasisOf('Alfalfa') // 'legume'
 * @example removalBasisOf('Alfalfa/orchardgrass') // 'pasture'
 * @example removalBasisOf('Oat hay') // 'cereal'
 */
export function removalBasisOf(cropName: string): RemovalBasis {
  const legume = legumeName.test(cropName);
  const cereal = cerealName.test(cropName);
  if (legume && !cereal && !grassName.test(cropName)) return 'legume';
  if (cereal && !legume) return 'cereal';
  return 'pasture';
}

/** A crop's own coefficients where its owner set them, else the published row's. */
export function removalCoefficients(crop: {
  name: string;
  p2o5KgPerTonneDm: number | null;
  k2oKgPerTonneDm: number | null;
}): RemovalCoefficients {
  const published = publishedRemoval[removalBasisOf(crop.name)];
  return {
    p2o5KgPerTonneDm: crop.p2o5KgPerTonneDm ?? published.p2o5KgPerTonneDm,
    k2oKgPerTonneDm: crop.k2oKgPerTonneDm ?? published.k2oKgPerTonneDm,
  };
}
