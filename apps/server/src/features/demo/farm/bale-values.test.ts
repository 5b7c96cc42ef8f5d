import { rfv } from '@baletrack/domain/nutrition';
import type { ForageKind } from '@baletrack/domain/quality-grade/quality-grade';
import { seededRandom } from '@baletrack/domain/seeded-random';
import { describe, expect, it } from 'vitest';
import { drawBalerBuild, drawBaleValues, preservativeKgPerTonne } from './bale-values.ts';

const draws = (kind: ForageKind, wetness = 0) => {
  const random = seededRandom(11);
  return Array.from({ length: 4000 }, (_, i) =>
    drawBaleValues(random, {
      kind,
      baleSize: 'ThreeXFour',
      hayKg: 500,
      soil: Math.sin(i),
      wetness,
      localHour: 9 + (i % 11),
      month: 7,
      firstCutting: i % 4 === 0,
    }),
  );
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('drawBaleValues', () => {
  it('draws alfalfa nutrition per docs/product.md#demo-data-ranges', () => {
    const bales = draws('legume');
    expect(mean(bales.map((b) => b.protein))).toBeCloseTo(19, 0);
    expect(mean(bales.map((b) => b.adf))).toBeCloseTo(31, 0);
    expect(mean(bales.map((b) => b.ndf))).toBeCloseTo(40, 0);
    expect(mean(bales.map((b) => b.ash))).toBeCloseTo(10, 0);
    const rfvMean = mean(bales.map((b) => b.rfv));
    expect(rfvMean).toBeGreaterThan(140);
    expect(rfvMean).toBeLessThan(165);
    for (const b of bales) {
      expect(b.protein).toBeGreaterThanOrEqual(14);
      expect(b.protein).toBeLessThanOrEqual(25);
      expect(b.adf).toBeGreaterThanOrEqual(24);
      expect(b.adf).toBeLessThanOrEqual(40);
      expect(b.ndf).toBeGreaterThanOrEqual(30);
      expect(b.ndf).toBeLessThanOrEqual(52);
    }
  });

  it('draws grass nutrition per docs/product.md#demo-data-ranges', () => {
    const bales = draws('grass');
    expect(mean(bales.map((b) => b.protein))).toBeCloseTo(10, 0);
    expect(mean(bales.map((b) => b.adf))).toBeCloseTo(37, 0);
    expect(mean(bales.map((b) => b.ndf))).toBeCloseTo(60, 0);
    const rfvMean = mean(bales.map((b) => b.rfv));
    expect(rfvMean).toBeGreaterThan(80);
    expect(rfvMean).toBeLessThan(105);
  });

  it('computes RFV, NFC and dry mass from the drawn values', () => {
    for (const b of draws('legume').slice(0, 500)) {
      expect(b.rfv).toBeCloseTo(rfv(b.adf, b.ndf), 1);
      expect(b.sugar).toBeCloseTo(100 - (b.ndf + b.protein + 2.5 + b.ash), 1);
      expect(b.dryMassKg).toBeCloseTo(b.weightKg * (1 - b.avgMoisture / 100), 0);
    }
  });

  it('keeps moisture at 8–22 %, peaks 1–6 points higher, with fibre and protein opposed', () => {
    const bales = draws('legume');
    expect(mean(bales.map((b) => b.avgMoisture))).toBeGreaterThan(13);
    expect(mean(bales.map((b) => b.avgMoisture))).toBeLessThan(16);
    for (const b of bales) {
      expect(b.avgMoisture).toBeGreaterThanOrEqual(8);
      expect(b.avgMoisture).toBeLessThanOrEqual(22);
      expect(b.peakMoisture - b.avgMoisture).toBeGreaterThanOrEqual(0.9);
      expect(b.peakMoisture - b.avgMoisture).toBeLessThanOrEqual(6.1);
    }
    const adf = bales.map((b) => b.adf);
    const cp = bales.map((b) => b.protein);
    const [ma, mc] = [mean(adf), mean(cp)];
    const covariance = mean(adf.map((a, i) => (a - ma) * ((cp[i] ?? 0) - mc)));
    expect(covariance).toBeLessThan(0);
  });

  it('treats bales from 16 % moisture with preservative, and wet patches up to 30 %', () => {
    const wet = draws('legume', 1);
    expect(Math.max(...wet.map((b) => b.avgMoisture))).toBeLessThanOrEqual(30);
    for (const b of [...draws('grass'), ...wet]) {
      if (b.avgMoisture < 16) expect(b.appliedPreservativeKg).toBe(0);
      if (b.avgMoisture > 22) expect(b.appliedPreservativeKg).toBeGreaterThan(0);
    }
    const tough = wet.filter((b) => b.avgMoisture >= 16 && b.avgMoisture <= 28);
    const treated = tough.filter((b) => b.appliedPreservativeKg > 0).length / tough.length;
    expect(treated).toBeGreaterThan(0.85);
  });

  it('weighs a 3x4 bale around 500 kg, heavier when wetter', () => {
    const bales = draws('legume');
    expect(mean(bales.map((b) => b.weightKg))).toBeCloseTo(500, -1);
    const wet = draws('legume', 1);
    expect(mean(wet.map((b) => b.weightKg))).toBeGreaterThan(mean(bales.map((b) => b.weightKg)));
  });
});

describe('preservativeKgPerTonne', () => {
  it('rises with moisture', () => {
    expect(preservativeKgPerTonne(18)).toBe(2);
    expect(preservativeKgPerTonne(25)).toBe(5);
    expect(preservativeKgPerTonne(30)).toBe(10);
  });
});

describe('drawBalerBuild', () => {
  it('builds squares and rounds as their balers make them', () => {
    const random = seededRandom(12);
    const square = drawBalerBuild(random, 'ThreeXFour');
    expect(square).toMatchObject({
      bindingMode: 'Twine',
      baleDiameterMeters: null,
      cutLengthMM: 44,
    });
    expect(square.flakeCount).toBeGreaterThanOrEqual(25);
    expect(square.baleLengthMeters).toBeCloseTo(2.4, 0);
    const round = drawBalerBuild(random, 'FiveFeet');
    expect(round).toMatchObject({ bindingMode: 'Mesh', flakeCount: null });
    expect(round.baleDiameterMeters).toBeCloseTo(1.5, 1);
    expect([2, 3]).toContain(round.wrapsPerBale);
  });
});
