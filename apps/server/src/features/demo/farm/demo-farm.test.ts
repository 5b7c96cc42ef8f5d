import { vinSchema } from '@baletrack/contracts/balers/baler';
import { saveCuttingRequestSchema } from '@baletrack/contracts/cuttings/cutting';
import { saveFieldRequestSchema } from '@baletrack/contracts/fields/field';
import { ingestBaleSchema } from '@baletrack/contracts/ingest/ingest';
import { localFrame, ringAreaM2 } from '@baletrack/domain/geo/local-frame';
import { pointInBoundary } from '@baletrack/domain/geo/point-in-boundary';
import { rfv } from '@baletrack/domain/nutrition';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupStacks } from '../../bales/stack-grouping.ts';
import { demoCropYears, generateDemoFarm } from './demo-farm.ts';
import type { DemoFarm } from './demo-farm-model.ts';
import { FARM_ORIGIN } from './farm-layout.ts';
import { pacificDate, pacificHour } from './pacific-time.ts';
import { monthOf } from './subscriptions.ts';

const now = new Date('2026-11-21T07:00:00Z');
let farm: DemoFarm;
beforeAll(() => {
  farm = generateDemoFarm({ now });
});

const frame = localFrame(FARM_ORIGIN);
const hectares = (ring: number[][]) =>
  ringAreaM2(ring.map(([lon = 0, lat = 0]) => frame.toMetres({ lat, lon }))) / 10_000;

describe('generateDemoFarm', () => {
  it('is the same farm for the same seed and now, and another for another seed', () => {
    const again = generateDemoFarm({ now });
    expect(JSON.stringify(again)).toBe(JSON.stringify(farm));
    const other = generateDemoFarm({ now, seed: 2 });
    expect(other.fields.map((f) => f.boundary)).toEqual(farm.fields.map((f) => f.boundary));
    expect(other.bales[0]?.record).not.toEqual(farm.bales[0]?.record);
  });

  it('has one organization, two crops, twelve fields, two balers and a yard', () => {
    expect(farm.organization.name).toBe('Yakima Valley Hay (demo)');
    expect(farm.crops.map((c) => c.name)).toEqual(['Alfalfa', 'Timothy']);
    expect(farm.fields).toHaveLength(12);
    expect(farm.balers.map((b) => b.baleSize)).toEqual(['ThreeXFour', 'FiveFeet']);
    for (const baler of farm.balers) expect(vinSchema.parse(baler.vin)).toBe(baler.vin);
    expect(farm.geofences).toHaveLength(1);
    expect(farm.bales.length).toBeGreaterThan(18_000);
    expect(farm.bales.length).toBeLessThan(22_000);
  });

  it('draws fields of 10–60 ha near the farm, valid for the fields API, one with a hole', () => {
    for (const field of farm.fields) {
      expect(saveFieldRequestSchema.parse(field).boundary).toEqual(field.boundary);
      if (field.boundary.type !== 'Polygon') throw new Error('expected polygons');
      const [outline = [], ...holes] = field.boundary.coordinates;
      const area = hectares(outline) - holes.reduce((sum, h) => sum + hectares(h), 0);
      expect(area).toBeGreaterThan(10);
      expect(area).toBeLessThan(60);
      expect(Math.abs(area - field.sizeHectares)).toBeLessThan(0.6);
      for (const [lon = 0, lat = 0] of outline) {
        const { x, y } = frame.toMetres({ lat, lon });
        expect(Math.hypot(x, y)).toBeLessThan(3500);
      }
    }
    expect(farm.fields.filter((f) => f.boundary.coordinates.length > 1)).toHaveLength(1);
  });

  it('takes 3–4 alfalfa cuttings a year from May to September, the first the largest, and 1–3 of timothy', () => {
    const cropName = (id: string) => farm.crops.find((c) => c.id === id)?.name;
    const balesOf = (id: string) => farm.bales.filter((b) => b.cuttingId === id).length;
    for (const year of [2025, 2026]) {
      const ofYear = farm.cuttings.filter((c) => c.year === year);
      const alfalfa = ofYear.filter((c) => cropName(c.cropId) === 'Alfalfa');
      const timothy = ofYear.filter((c) => cropName(c.cropId) === 'Timothy');
      expect(alfalfa.length).toBeGreaterThanOrEqual(3);
      expect(alfalfa.length).toBeLessThanOrEqual(4);
      expect(timothy.length).toBeGreaterThanOrEqual(1);
      expect(timothy.length).toBeLessThanOrEqual(3);
      for (const c of alfalfa) {
        expect(c.startDate >= `${year}-05-01` && c.endDate <= `${year}-09-30`).toBe(true);
      }
      const [first, ...later] = alfalfa.map((c) => balesOf(c.id));
      for (const count of later) expect(first).toBeGreaterThan(count);
    }
    for (const c of farm.cuttings) expect(saveCuttingRequestSchema.parse(c).name).toBe(c.name);
  });

  it('puts every bale inside its field, in no other, within its cutting', () => {
    const cuttings = new Map(farm.cuttings.map((c) => [c.id, c]));
    const wrong = farm.bales.filter((bale) => {
      const inside = farm.fields.filter((f) =>
        pointInBoundary(bale.record.creationLocation, f.boundary),
      );
      const cutting = cuttings.get(bale.cuttingId);
      const made = Date.parse(bale.record.creationTime);
      return (
        inside.length !== 1 ||
        inside[0]?.id !== bale.fieldId ||
        !cutting?.fieldIds.includes(bale.fieldId) ||
        pacificDate(made) < cutting.startDate ||
        bale.record.creationTime.slice(0, 10) > cutting.endDate
      );
    });
    expect(wrong).toEqual([]);
  });

  it('sends bales the ingest API accepts', () => {
    for (const bale of farm.bales) ingestBaleSchema.parse(bale.record);
    expect(new Set(farm.bales.map((b) => b.record.uid)).size).toBe(farm.bales.length);
  });

  it('lays bales along windrows, in order of time, in daylight, before now', () => {
    const lots = new Map<string, DemoFarm['bales']>();
    for (const bale of farm.bales) {
      const key = `${bale.balerId}|${bale.cuttingId}|${bale.fieldId}`;
      lots.set(key, [...(lots.get(key) ?? []), bale]);
    }
    let closeSteps = 0;
    let steps = 0;
    const outOfOrder: string[] = [];
    for (const lot of lots.values()) {
      for (let i = 1; i < lot.length; i++) {
        const [a, b] = [lot[i - 1]?.record, lot[i]?.record];
        if (!a || !b) continue;
        if (b.creationTime <= a.creationTime) outOfOrder.push(b.uid);
        const p = frame.toMetres(a.creationLocation);
        const q = frame.toMetres(b.creationLocation);
        steps++;
        if (Math.hypot(p.x - q.x, p.y - q.y) < 200) closeSteps++;
      }
    }
    expect(outOfOrder).toEqual([]);
    // Consecutive bales lie a bale's worth of windrow apart, except across a headland turn.
    expect(closeSteps / steps).toBeGreaterThan(0.75);
    const outOfHours = farm.bales.filter((bale) => {
      const made = Date.parse(bale.record.creationTime);
      return pacificHour(made) < 9 || pacificHour(made) >= 20.5 || made >= now.getTime();
    });
    expect(outOfHours).toEqual([]);
  });

  it('draws values per docs/product.md#demo-data-ranges, computed where it computes them', () => {
    let preserved = 0;
    let tough = 0;
    const wrong = farm.bales.filter(({ record: r }) => {
      if (r.avgMoisture >= 16 && r.avgMoisture <= 28) {
        tough++;
        if ((r.appliedPreservativeKg ?? 0) > 0) preserved++;
      }
      return (
        Math.abs((r.rfv ?? 0) - rfv(r.adf ?? 0, r.ndf ?? 0)) > 0.06 ||
        Math.abs((r.dryMassKg ?? 0) - r.weightKg * (1 - r.avgMoisture / 100)) > 0.06 ||
        r.avgMoisture < 8 ||
        r.avgMoisture > 30 ||
        r.peakMoisture - r.avgMoisture < 0.9 ||
        r.peakMoisture - r.avgMoisture > 6.1 ||
        (r.temperature ?? 0) <= 0 ||
        (r.temperature ?? 99) >= 45 ||
        (r.tagSerialNumber === null) !== r.missingTags ||
        (r.avgMoisture < 16 && r.appliedPreservativeKg !== 0)
      );
    });
    expect(wrong).toEqual([]);
    expect(preserved / tough).toBeGreaterThan(0.85);
    const missing = farm.bales.filter((b) => b.record.missingTags).length;
    expect(missing).toBeGreaterThan(0);
    expect(missing / farm.bales.length).toBeLessThan(0.01);
  });

  it('hauls about 8 % of the bales into stacks inside the yard, after they were made', () => {
    const yard = farm.geofences[0]?.boundary;
    if (!yard) throw new Error('no yard');
    const moved = farm.bales.filter((b) => b.record.updateTime !== null);
    expect(moved.length / farm.bales.length).toBeGreaterThan(0.06);
    expect(moved.length / farm.bales.length).toBeLessThan(0.1);
    expect(farm.summary.movedBales).toBe(moved.length);
    expect(farm.summary.stacks).toBeGreaterThan(5);
    const misplaced = moved.filter(
      ({ record: r }) =>
        !pointInBoundary(r.currentLocation, yard) ||
        (r.updateTime ?? '') <= r.creationTime ||
        Date.parse(r.updateTime ?? '') >= now.getTime(),
    );
    expect(misplaced).toEqual([]);
    // Stacked: every moved bale has another within a few metres.
    const spots = moved.map((b) => frame.toMetres(b.record.currentLocation));
    const alone = spots.filter((p, i) =>
      spots.every((q, j) => j === i || Math.hypot(p.x - q.x, p.y - q.y) >= 3),
    );
    expect(alone).toEqual([]);
    // Stacks: bales joined by neighbours under 3 m apart; different stacks lie over 10 m apart.
    const stackOf = spots.map((_, i) => i);
    const root = (i: number): number => (stackOf[i] === i ? i : root(stackOf[i] ?? i));
    let closestApart = Number.POSITIVE_INFINITY;
    for (const [i, p] of spots.entries()) {
      for (let j = i + 1; j < spots.length; j++) {
        const q = spots[j] as { x: number; y: number };
        if (Math.hypot(p.x - q.x, p.y - q.y) < 3) stackOf[root(j)] = root(i);
      }
    }
    for (const [i, p] of spots.entries()) {
      for (let j = i + 1; j < spots.length; j++) {
        const q = spots[j] as { x: number; y: number };
        if (root(i) !== root(j))
          closestApart = Math.min(closestApart, Math.hypot(p.x - q.x, p.y - q.y));
      }
    }
    expect(new Set(spots.map((_, i) => root(i))).size).toBe(farm.summary.stacks);
    expect(closestApart).toBeGreaterThan(10);
    const unmoved = farm.bales.filter((b) => b.record.updateTime === null);
    expect(
      unmoved.filter(
        ({ record: r }) =>
          r.currentLocation !== r.creationLocation &&
          (r.currentLocation.lat !== r.creationLocation.lat ||
            r.currentLocation.lon !== r.creationLocation.lon),
      ),
    ).toEqual([]);
  });

  it('has its stacks found by the map as it hauled them, one stack each', () => {
    const points = farm.bales.map(({ record: r }) => ({
      lat: r.currentLocation.lat,
      lon: r.currentLocation.lon,
      creationLat: r.creationLocation.lat,
      creationLon: r.creationLocation.lon,
    }));
    expect(groupStacks(farm.organization.name, points).size).toBe(farm.summary.stacks);
  });

  it('subscribes every baler-month with bales and the current month, but one, locking a few hundred bales', () => {
    const active = new Set(farm.subscriptionMonths.map((m) => `${m.balerId}|${m.month}`));
    const locked = farm.bales.filter(
      (b) => !active.has(`${b.balerId}|${monthOf(b.record.creationTime)}`),
    );
    expect(farm.summary.locked).toHaveLength(1);
    expect(farm.summary.locked[0]?.month.startsWith('2025-')).toBe(true);
    expect(locked.length).toBe(farm.summary.locked[0]?.bales);
    expect(locked.length).toBeGreaterThanOrEqual(150);
    expect(locked.length).toBeLessThanOrEqual(800);
    for (const baler of farm.balers) expect(active.has(`${baler.id}|2026-11-01`)).toBe(true);
  });
});

describe('generateDemoFarm in the middle of a season', () => {
  it('has nothing after now, and only the cuttings begun', () => {
    const june = new Date('2026-06-22T18:00:00Z');
    const partial = generateDemoFarm({ now: june });
    expect(partial.summary.cropYears).toEqual([2025, 2026]);
    const late = partial.bales.filter((b) => Date.parse(b.record.creationTime) >= june.getTime());
    expect(late).toEqual([]);
    expect(partial.cuttings.every((c) => c.startDate <= '2026-06-22')).toBe(true);
    expect(partial.bales.some((b) => b.record.creationTime.startsWith('2026-05'))).toBe(true);
    expect(partial.bales.length).toBeLessThan(farm.bales.length * 0.7);
  });
});

describe('demoCropYears', () => {
  it('shows the current and previous year once the season began, else the two before', () => {
    expect(demoCropYears(new Date('2026-11-21T00:00:00Z'))).toEqual([2025, 2026]);
    expect(demoCropYears(new Date('2026-05-20T00:00:00Z'))).toEqual([2025, 2026]);
    expect(demoCropYears(new Date('2027-02-01T00:00:00Z'))).toEqual([2025, 2026]);
  });
});
