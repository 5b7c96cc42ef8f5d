// A bale's measurements drawn from the tables of docs/product.md#demo-data-ranges. Fibre and
// protein move together with the crop's maturity, as they do in real hay.
import type { BaleSize, TagMaterial } from '@baletrack/contracts/bales/bale';
import { dryMassKg, nfc, rfv } from '@baletrack/domain/nutrition';
import type { ForageKind } from '@baletrack/domain/quality-grade/quality-grade';
import type { SeededRandom } from '@baletrack/domain/seeded-random';

export interface BaleSite {
  kind: ForageKind;
  baleSize: BaleSize;
  /** Hay the chamber took, kg (at the usual 14 % moisture). */
  hayKg: number;
  /** Smooth soil and stand variation at the bale's spot, −1 … 1 (the same every cutting). */
  soil: number;
  /** 0 … 1 where a wet patch (a low spot, a shower on the windrow) lies. */
  wetness: number;
  /** Pacific local time of day, hours. */
  localHour: number;
  /** 1–12. */
  month: number;
  /** First cuttings are cut earlier in the year, heavier and a little wetter. */
  firstCutting: boolean;
}

export interface BaleValues {
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number;
  peakMoisture: number;
  protein: number;
  ash: number;
  sugar: number;
  adf: number;
  ndf: number;
  rfv: number;
  temperature: number;
  measurementQuality: number;
  appliedPreservativeKg: number;
}

// Mean ± sd (min–max) per docs/product.md#demo-data-ranges.
const nutrition: Record<ForageKind, Record<'protein' | 'adf' | 'ndf' | 'ash', number[]>> = {
  legume: {
    protein: [19, 2.5, 14, 25],
    adf: [31, 3, 24, 40],
    ndf: [40, 4, 30, 52],
    ash: [10, 1.2, 7, 13],
  },
  grass: {
    protein: [10, 2, 5, 16],
    adf: [37, 3, 30, 44],
    ndf: [60, 4, 48, 70],
    ash: [8, 1.2, 5, 11],
  },
};

// Yakima's average daily low and high by month, °C (May–October).
const climate: Record<number, [number, number]> = {
  5: [6, 22],
  6: [10, 27],
  7: [13, 31],
  8: [12, 30],
  9: [7, 25],
  10: [2, 17],
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Dew: hay baled early in the morning or late in the evening takes up moisture. */
function dew(localHour: number): number {
  if (localHour < 10.5) return 0.8 * (10.5 - localHour);
  if (localHour > 18.5) return 0.7 * (localHour - 18.5);
  return 0;
}

/**
 * Buffered propionic acid per tonne of hay, by moisture: about 2 kg/t at 16–20 %, rising to
 * 5 kg/t at 25 % and 10 kg/t at 30 % (applicator makers' rate charts).
 */
export function preservativeKgPerTonne(moisture: number): number {
  if (moisture <= 20) return 2;
  if (moisture <= 25) return 2 + ((moisture - 20) * 3) / 5;
  return 5 + (Math.min(moisture, 30) - 25);
}

/**
 * A bale's measured values: moisture from the soil, wet patches and dew; weight from the hay
 * taken and its water; CP, ADF, NDF and ash from the distributions of
 * docs/product.md#demo-data-ranges, correlated through maturity; RFV, NFC and dry mass computed;
 * preservative applied from 16 % moisture.
 * @example drawBaleValues(random, { kind: 'legume', baleSize: 'ThreeXFour', hayKg: 500, … })
 */
export function drawBaleValues(random: SeededRandom, site: BaleSite): BaleValues {
  let moisture = random.clampedNormal(
    14 + 1.3 * site.soil + dew(site.localHour) + (site.firstCutting ? 0.8 : 0),
    1.8,
    8,
    22,
  );
  // Wet patches are baled tough with preservative, up to 30 % (docs/product.md#moisture).
  if (site.wetness > 0) moisture = Math.min(30, moisture + site.wetness * random.between(6, 12));
  // Rounded as the baler reports it, so dry mass computes from the numbers shown.
  moisture = round(moisture, 1);
  const preserved = moisture > 22 || (moisture >= 16 && random.chance(0.9));

  const table = nutrition[site.kind];
  const draw = ([mean = 0, sd = 0, min = 0, max = 100]: number[], z: number) =>
    Math.min(max, Math.max(min, mean + sd * z));
  // Riper hay (maturity > 0) has more fibre and less protein; poorer spots ripen sooner.
  const maturity = random.normal(0, 1) * 0.95 - 0.3 * site.soil;
  const adf = round(draw(table.adf, 0.8 * maturity + 0.6 * random.normal(0, 1)), 1);
  const ndf = round(draw(table.ndf, 0.85 * maturity + 0.53 * random.normal(0, 1)), 1);
  const protein = round(draw(table.protein, -0.7 * maturity + 0.71 * random.normal(0, 1)), 1);
  const ash = round(draw(table.ash, random.normal(0, 1)), 1);

  const isRound = site.baleSize === 'FourFeet' || site.baleSize === 'FiveFeet';
  const [min, max] = isRound ? [440, 600] : [400, 640];
  const weightKg = round(
    Math.min(max, Math.max(min, site.hayKg * (1 + (moisture - 14) * 0.01))),
    1,
  );
  const [low, high] = climate[site.month] ?? [10, 25];
  const daylight = Math.max(0, Math.sin((Math.PI * (site.localHour - 5)) / 20));
  const ambient = low + (high - low) * daylight;

  return {
    weightKg,
    dryMassKg: round(dryMassKg(weightKg, moisture), 1),
    avgMoisture: moisture,
    peakMoisture: round(Math.min(100, moisture + random.between(1, 6)), 1),
    protein,
    ash,
    sugar: round(nfc({ ndf, protein, ash }), 1),
    adf,
    ndf,
    rfv: round(rfv(adf, ndf), 1),
    temperature: round(ambient + 1.5 + Math.max(0, moisture - 16) * 0.6 + random.normal(0, 1.2), 1),
    measurementQuality: Math.round(random.clampedNormal(94, 3, 75, 100)),
    appliedPreservativeKg: preserved
      ? round((weightKg / 1000) * preservativeKgPerTonne(moisture), 2)
      : 0,
  };
}

export interface BalerBuild {
  baleLengthMeters: number;
  baleDiameterMeters: number | null;
  cutLengthMM: number;
  flakeCount: number | null;
  bindingMode: TagMaterial;
  wrapsPerBale: number | null;
}

/**
 * What the baler's build gives a bale: a 3x4 square is 2.4 m long in 30–40 flakes of twine-tied
 * hay cut at 44 mm; a 5 ft round is 1.2 m wide, 1.5 m across, net-wrapped two or three times.
 */
export function drawBalerBuild(random: SeededRandom, baleSize: BaleSize): BalerBuild {
  if (baleSize === 'FourFeet' || baleSize === 'FiveFeet') {
    return {
      baleLengthMeters: round(random.clampedNormal(1.2, 0.01, 1.17, 1.23), 2),
      baleDiameterMeters: round(
        random.clampedNormal(baleSize === 'FiveFeet' ? 1.5 : 1.2, 0.02, 1.1, 1.6),
        2,
      ),
      cutLengthMM: 70,
      flakeCount: null,
      bindingMode: 'Mesh',
      wrapsPerBale: random.int(2, 3),
    };
  }
  return {
    baleLengthMeters: round(random.clampedNormal(2.4, 0.03, 2.3, 2.5), 2),
    baleDiameterMeters: null,
    cutLengthMM: 44,
    flakeCount: Math.round(random.clampedNormal(36, 3, 25, 50)),
    bindingMode: 'Twine',
    wrapsPerBale: null,
  };
}
