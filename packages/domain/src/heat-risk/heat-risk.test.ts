import type { BaleSize, TagMaterial } from '@baletrack/contracts/bales/bale';
import { describe, expect, it } from 'vitest';
import { ageWeight, baleHeatRisk, stackHeatRisk } from './heat-risk.ts';
import { heatRiskReasons } from './heat-risk-reasons.ts';

const now = new Date('2026-07-20T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

function bale(
  avgMoisture: number,
  baleSize: BaleSize,
  options: { days?: number; preservativeKg?: number; binding?: TagMaterial } = {},
) {
  return {
    avgMoisture,
    peakMoisture: avgMoisture + 3,
    baleSize,
    appliedPreservativeKg: options.preservativeKg ?? 0,
    bindingMode: options.binding ?? 'Twine',
    creationTime: daysAgo(options.days ?? 2),
  };
}

describe('ageWeight (heating peaks in week one, fires come within six weeks)', () => {
  it('is 1 in the first week, falls in a line, and is 0 from six weeks', () => {
    expect(ageWeight(0)).toBe(1);
    expect(ageWeight(7)).toBe(1);
    expect(ageWeight(14)).toBe(0.8); // (42 − 14) / 35
    expect(ageWeight(21)).toBe(0.6);
    expect(ageWeight(41)).toBeCloseTo(1 / 35);
    expect(ageWeight(42)).toBe(0);
    expect(ageWeight(100)).toBe(0);
  });
});

describe('baleHeatRisk', () => {
  it('takes the safe limit by shape: dry large squares 16 %, dry rounds 18 %', () => {
    expect(baleHeatRisk(bale(16, 'ThreeXFour'), now).level).toBe('none');
    expect(baleHeatRisk(bale(17, 'ThreeXFour'), now)).toMatchObject({
      level: 'elevated',
      score: 1,
      why: { safeMaxMoisture: 16, excessMoisture: 1, shape: 'LargeSquare' },
    });
    expect(baleHeatRisk(bale(17, 'FiveFeet'), now).level).toBe('none');
    expect(baleHeatRisk(bale(18, 'FourFeet'), now).level).toBe('none');
    expect(baleHeatRisk(bale(19, 'FourFeet'), now)).toMatchObject({
      level: 'elevated',
      score: 1,
      why: { safeMaxMoisture: 18, shape: 'Round' },
    });
  });

  it('is high from 4 points over the limit in the first week: 20 % in a large square', () => {
    expect(baleHeatRisk(bale(20, 'FourFeet'), now).level).toBe('elevated');
    expect(baleHeatRisk(bale(20, 'ThreeXThree'), now)).toMatchObject({ level: 'high', score: 4 });
    expect(baleHeatRisk(bale(22, 'FiveFeet'), now)).toMatchObject({ level: 'high', score: 4 });
    expect(baleHeatRisk(bale(19.9, 'SeventyXEighty'), now)).toMatchObject({
      level: 'elevated',
      score: 3.9,
    });
  });

  it('is lowered by preservative: safe up to 30 % whatever the shape', () => {
    expect(baleHeatRisk(bale(24, 'FourXFour', { preservativeKg: 3 }), now)).toMatchObject({
      level: 'none',
      score: 0,
      why: { safeMaxMoisture: 30, preservativeKg: 3 },
    });
    expect(baleHeatRisk(bale(33, 'FourXFour', { preservativeKg: 3 }), now)).toMatchObject({
      level: 'elevated',
      score: 3,
    });
    expect(baleHeatRisk(bale(35, 'FourFeet', { preservativeKg: 1 }), now).level).toBe('high');
  });

  it('leaves wrapped baleage out: it ferments without air', () => {
    expect(baleHeatRisk(bale(50, 'FourFeet', { binding: 'Film' }), now).level).toBe('none');
    expect(baleHeatRisk(bale(50, 'FourFeet', { binding: 'TwineAndFilm' }), now).score).toBe(0);
  });

  it('decays with the days since baling', () => {
    // 24 % in a large square: 8 points over.
    expect(baleHeatRisk(bale(24, 'ThreeXFour', { days: 7 }), now)).toMatchObject({
      level: 'high',
      score: 8,
      why: { daysSinceBaling: 7 },
    });
    expect(baleHeatRisk(bale(24, 'ThreeXFour', { days: 21 }), now)).toMatchObject({
      level: 'high',
      score: 4.8,
    });
    expect(baleHeatRisk(bale(24, 'ThreeXFour', { days: 28 }), now)).toMatchObject({
      level: 'elevated',
      score: 3.2,
    });
    expect(baleHeatRisk(bale(24, 'ThreeXFour', { days: 42 }), now).level).toBe('none');
  });

  it('counts whole days, and none before the bale was made', () => {
    const at = new Date(now.getTime() - 86_400_000 + 1);
    expect(
      baleHeatRisk({ ...bale(20, 'ThreeXFour'), creationTime: at }, now).why.daysSinceBaling,
    ).toBe(0);
    const future = new Date(now.getTime() + 3_600_000);
    expect(
      baleHeatRisk({ ...bale(20, 'ThreeXFour'), creationTime: future }, now).why.daysSinceBaling,
    ).toBe(0);
  });
});

describe('stackHeatRisk', () => {
  it('is the worst of its bales', () => {
    expect(
      stackHeatRisk([
        { level: 'elevated', score: 2 },
        { level: 'high', score: 5 },
        { level: 'none', score: 0 },
      ]),
    ).toEqual({ level: 'high', score: 5 });
    expect(stackHeatRisk([])).toEqual({ level: 'none', score: 0 });
  });
});

describe('heatRiskReasons', () => {
  it('says moisture, size and shape, preservative and days, in that order', () => {
    const { why } = baleHeatRisk(bale(20, 'ThreeXFour', { days: 1 }), now);
    expect(heatRiskReasons(why)).toEqual([
      'Moisture 20 %, 4 points above the safe 16 %.',
      '3x4 large square: dry large squares are safe up to 16 %.',
      'No preservative applied.',
      'Baled 1 day ago: heating peaks in the first week.',
    ]);
    expect(heatRiskReasons({ ...why, daysSinceBaling: 0 })[3]).toBe(
      'Baled today: heating peaks in the first week.',
    );
    const treated = baleHeatRisk(bale(33, 'FiveFeet', { preservativeKg: 2, days: 10 }), now).why;
    expect(heatRiskReasons(treated).slice(1)).toEqual([
      '5ft round: dry rounds are safe up to 18 %.',
      'Preservative applied: safe up to 30 %.',
      'Baled 10 days ago: the risk falls until six weeks after baling.',
    ]);
  });
});
