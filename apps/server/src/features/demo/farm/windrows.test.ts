import type { Metres } from '@baletrack/domain/geo/local-frame';
import { describe, expect, it } from 'vitest';
import { baleAlongWindrows, type Segment, windrowSegments } from './windrows.ts';

const square: Metres[] = [
  { x: 0, y: 0 },
  { x: 100, y: 0 },
  { x: 100, y: 200 },
  { x: 0, y: 200 },
];

const drive = (segments: Segment[], hay: number) => [
  ...baleAlongWindrows({
    segments,
    hayAt: () => hay,
    windrowWidthM: 10,
    nextBaleKg: () => 500,
    speedMps: 2,
    turnSeconds: () => 60,
    stopSeconds: 0,
  }),
];

describe('windrowSegments', () => {
  it('lays parallel passes at the spacing, driven back and forth inside the margin', () => {
    const segments = windrowSegments([square], 0, 10, { marginM: 4 });
    expect(segments).toHaveLength(10);
    expect(segments.map((s) => Math.round(s.from.x))).toEqual([
      5, 15, 25, 35, 45, 55, 65, 75, 85, 95,
    ]);
    expect(segments[0]).toEqual({ from: { x: 5, y: 4 }, to: { x: 5, y: 196 } });
    expect(segments[1]?.from.y).toBeCloseTo(196, 9);
    expect(segments[1]?.to.y).toBeCloseTo(4, 9);
  });

  it('runs across at a heading of 90° and splits passes around a hole', () => {
    const hole: Metres[] = [
      { x: 40, y: 80 },
      { x: 60, y: 80 },
      { x: 60, y: 120 },
      { x: 40, y: 120 },
    ];
    const segments = windrowSegments([square, hole], 90, 10, { marginM: 2 });
    // 20 passes east–west; the four crossing the hole are cut in two.
    expect(segments).toHaveLength(24);
    for (const s of segments) {
      expect(s.from.y).toBeCloseTo(s.to.y, 9);
      const [lo, hi] = [Math.min(s.from.x, s.to.x), Math.max(s.from.x, s.to.x)];
      const crossesHole = s.from.y > 80 && s.from.y < 120 && lo < 60 && hi > 40;
      expect(crossesHole).toBe(false);
    }
  });
});

describe('baleAlongWindrows', () => {
  it('drops a bale each time a bale of hay has been gathered', () => {
    const segments = windrowSegments([square], 0, 10, { marginM: 4 });
    // 0.5 kg/m² over a 10 m windrow is 5 kg per metre: a 500 kg bale every 100 m.
    const bales = drive(segments, 0.5);
    const total = segments.reduce((sum, s) => sum + Math.abs(s.to.y - s.from.y), 0);
    expect(bales).toHaveLength(Math.floor(total / 100));
    expect(bales[0]?.position).toEqual({ x: 5, y: 104 });
    expect(bales[0]?.secondsSincePrevious).toBeCloseTo(50, 9);
    expect(bales.every((b) => b.hayKg === 500)).toBe(true);
  });

  it('lays bales closer where the crop is heavier', () => {
    const segments = windrowSegments([square], 0, 10, { marginM: 4 });
    expect(drive(segments, 1).length).toBeGreaterThan(1.9 * drive(segments, 0.5).length);
  });

  it('counts the headland turns into the time between bales', () => {
    const segments = windrowSegments([square], 0, 10, { marginM: 4 });
    const bales = drive(segments, 0.5);
    // The second bale's hay spans the turn from the first pass to the second.
    expect(bales[1]?.secondsSincePrevious).toBeCloseTo(100 / 2 + 60, 0);
  });
});
