import { describe, expect, it } from 'vitest';
import { changePercent, type FieldHarvest, fieldYields } from './field-yield.ts';

const fields = [
  { id: 'a', name: 'Home Pivot', areaHectares: 10 },
  { id: 'b', name: 'Airport Field', areaHectares: 5 },
  { id: 'c', name: 'Canal Quarter', areaHectares: 3 },
];
// The 1st cutting of 2025 is alfalfa (6.9 kg P2O5 and 30.1 kg K2O per tonne of dry matter);
// the others have no crop.
const alfalfa = { p2o5KgPerTonneDm: 6.9, k2oKgPerTonneDm: 30.1 };
const cutting = (id: string, name: string, startDate: string, fieldIds: string[]) => ({
  id,
  name,
  year: Number(startDate.slice(0, 4)),
  startDate,
  fieldIds,
  removal: id === 'c1' ? alfalfa : null,
});
const cuttings = [
  // Given out of order: the field's cuttings are compared by their start days.
  cutting('c2', '2nd cutting', '2025-07-01', ['a']),
  cutting('c1', '1st cutting', '2025-05-20', ['a', 'b']),
  cutting('p1', '1st cutting', '2024-05-25', ['a']),
  cutting('p2', '2nd cutting', '2024-07-05', ['a']),
];
const harvest = (
  fieldId: string,
  cuttingId: string | null,
  cropYear: number,
  bales: number,
  weightKg: number,
  dryMatterKg: number,
  protein: { dryMatterKg: number; kg: number } = { dryMatterKg: 0, kg: 0 },
): FieldHarvest => ({
  fieldId,
  cuttingId,
  cropYear,
  bales,
  weightKg,
  dryMatterKg,
  proteinDryMatterKg: protein.dryMatterKg,
  proteinKg: protein.kg,
});
const harvests = [
  // Every bale reports 20 % crude protein.
  harvest('a', 'c1', 2025, 20, 12_000, 10_200, { dryMatterKg: 10_200, kg: 2_040 }),
  // Half the dry matter reports protein, at 18 %.
  harvest('a', 'c2', 2025, 10, 6_000, 5_100, { dryMatterKg: 2_550, kg: 459 }),
  harvest('a', null, 2025, 1, 500, 425),
  harvest('a', 'p1', 2024, 16, 9_600, 8_160),
  harvest('a', 'p2', 2024, 12, 7_200, 6_120),
  // Seventeen bales lying in both A and B count half in B (their other halves are in A's 20).
  harvest('b', 'c1', 2025, 8.5, 5_000, 4_300),
];

describe('fieldYields', () => {
  const yields = fieldYields({ year: 2025, fields, cuttings, harvests });

  it("divides each field's hay by its area, as worked by hand", () => {
    const home = yields[0];
    expect(home?.name).toBe('Home Pivot');
    // 10,200 + 5,100 + 425 kg of dry matter on 10 ha.
    expect(home?.year).toMatchObject({
      bales: 31,
      weightKg: 18_500,
      dryMatterKg: 15_725,
      weightKgPerHectare: 1_850,
      dryMatterKgPerHectare: 1_572.5,
    });
    // 14,280 kg the year before: (1,572.5 − 1,428) / 1,428.
    expect(home?.previousYear.dryMatterKgPerHectare).toBe(1_428);
    expect(home?.changePercent).toBeCloseTo(10.119, 3);
  });

  it("sets a field's cuttings beside the same cuttings of the year before, in order", () => {
    const rows = yields[0]?.cuttings ?? [];
    expect(rows.map((row) => row.name)).toEqual(['1st cutting', '2nd cutting', null]);
    expect(rows[0]).toMatchObject({ dryMatterKgPerHectare: 1_020, changePercent: 25 });
    expect(rows[0]?.previous?.dryMatterKgPerHectare).toBe(816);
    expect(rows[1]?.changePercent).toBeCloseTo(-16.667, 3);
    // The hay outside every cutting is shown, with nothing to compare.
    expect(rows[2]).toMatchObject({ cuttingId: null, bales: 1, previous: null });
  });

  it('estimates the nitrogen taken off from the protein of the bales that report it', () => {
    const [home] = yields;
    const [first, second, outside] = home?.cuttings ?? [];
    // 10,200 kg of dry matter at 20 % crude protein: 10,200 × 0.20 / 6.25.
    expect(first?.nitrogenKg).toBeCloseTo(326.4, 9);
    expect(first?.nitrogenKgPerHectare).toBeCloseTo(32.64, 9);
    // Half reports 18 %: the whole 5,100 kg taken at 18 %.
    expect(second?.nitrogenKg).toBeCloseTo(146.88, 9);
    // No bale of it reports protein: no estimate.
    expect(outside?.nitrogenKg).toBeNull();
    // The year: 2,499 kg of protein in 12,750 kg (19.6 %) over all 15,725 kg.
    expect(home?.year.nitrogenKg).toBeCloseTo(493.136, 9);
  });

  it('counts phosphate and potash from the dry matter of cuttings with a crop, at its rates', () => {
    const [home, airport] = yields;
    const [first, second, outside] = home?.cuttings ?? [];
    // 10.2 t of alfalfa dry matter: 10.2 × 6.9 kg P2O5 and 10.2 × 30.1 kg K2O, on 10 ha.
    expect(first?.p2o5Kg).toBeCloseTo(70.38, 9);
    expect(first?.k2oKg).toBeCloseTo(307.02, 9);
    expect(first?.k2oKgPerHectare).toBeCloseTo(30.702, 9);
    // A cutting without a crop, and hay outside cuttings: nothing we can tell.
    expect(second).toMatchObject({ cropDryMatterKg: 0, p2o5Kg: null, k2oKgPerHectare: null });
    expect(outside?.p2o5Kg).toBeNull();
    // The year counts what it can, and says from how much of its dry matter.
    expect(home?.year).toMatchObject({ cropDryMatterKg: 10_200, dryMatterKg: 15_725 });
    expect(home?.year.p2o5KgPerHectare).toBeCloseTo(7.038, 9);
    expect(home?.previousYear.p2o5Kg).toBeNull();
    // Airport Field's half-bales of the same cutting: 4.3 t at the same rates, on 5 ha.
    expect(airport?.year.p2o5KgPerHectare).toBeCloseTo(5.934, 9);
  });

  it('ranks the fields by dry matter per hectare, fields without hay last', () => {
    expect(yields.map((y) => [y.name, y.rank])).toEqual([
      ['Home Pivot', 1],
      ['Airport Field', 2],
      ['Canal Quarter', null],
    ]);
    const airport = yields[1];
    expect(airport?.year.dryMatterKgPerHectare).toBe(860);
    // No hay there the year before: no change to tell.
    expect(airport?.changePercent).toBeNull();
    expect(airport?.cuttings[0]?.previous).toBeNull();
  });

  it('gives no yield per area for a field without area', () => {
    const [only] = fieldYields({
      year: 2025,
      fields: [{ id: 'a', name: 'Home Pivot', areaHectares: 0 }],
      cuttings: [],
      harvests,
    });
    expect(only?.year.dryMatterKgPerHectare).toBeNull();
    expect(only?.rank).toBeNull();
  });
});

describe('changePercent', () => {
  it('needs a positive figure to compare with', () => {
    expect(changePercent(5, 4)).toBe(25);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 4)).toBeNull();
    expect(changePercent(5, null)).toBeNull();
  });
});
