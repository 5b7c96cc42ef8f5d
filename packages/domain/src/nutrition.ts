// Nutrition formulas of docs/product.md#formulas. Every percentage is on a dry-matter basis except
// moisture, which is of the bale as weighed.

/**
 * Dry matter of a bale: its weight less the water in it.
 * @example dryMassKg(500, 14) // 430
 */
export function dryMassKg(weightKg: number, moisturePct: number): number {
  return weightKg * (1 - moisturePct / 100);
}

/**
 * Digestible dry matter (% of DM) estimated from acid detergent fibre.
 * @example digestibleDryMatter(41) // 56.961
 */
export function digestibleDryMatter(adf: number): number {
  return 88.9 - 0.779 * adf;
}

/**
 * Dry-matter intake (% of body weight) estimated from neutral detergent fibre.
 * @example dryMatterIntake(40) // 3
 */
export function dryMatterIntake(ndf: number): number {
  return 120 / ndf;
}

/**
 * Relative Feed Value: DDM × DMI / 1.29, so full-bloom alfalfa (ADF 41, NDF 53) scores 100.
 * Balers do not report NDF digestibility, which RFQ would need, so RFV is what we show.
 * @example Math.round(rfv(30, 40)) // 152
 */
export function rfv(adf: number, ndf: number): number {
  if (ndf <= 0) throw new RangeError('NDF must be above 0 to compute RFV');
  return (digestibleDryMatter(adf) * dryMatterIntake(ndf)) / 1.29;
}

/**
 * Typical ether extract (crude fat) of hay, % of DM. Balers do not measure fat; 2.5 % sits in
 * the 2–3 % extension tables give for alfalfa and grass hay, and moves NFC by a point at most.
 */
export const HAY_FAT_PCT = 2.5;

/**
 * Non-fibre carbohydrates by difference, NFC ≈ 100 − (NDF + CP + fat + ash), never below 0.
 * The spec's `sugar` is shown to users as NFC.
 * @example nfc({ ndf: 40, protein: 19, ash: 10 }) // 28.5
 */
export function nfc(values: { ndf: number; protein: number; ash: number; fat?: number }): number {
  const fat = values.fat ?? HAY_FAT_PCT;
  return Math.max(0, 100 - (values.ndf + values.protein + fat + values.ash));
}

/**
 * Nitrogen in forage from its crude protein: protein is nitrogen × 6.25 (the Kjeldahl factor), so
 * N = dry matter × CP / 100 / 6.25.
 * @example nitrogenKg(1000, 18.75) // 30
 */
export function nitrogenKg(dryMatterKg: number, proteinPct: number): number {
  return (dryMatterKg * proteinPct) / 100 / 6.25;
}
