import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { fieldSchema } from '@baletrack/contracts/fields/field';
import { filterSchema } from '@baletrack/contracts/filters/filter';
import {
  heatmapBalesResponseSchema,
  heatmapIconResponseSchema,
  heatmapInputResponseSchema,
  heatmapMessages,
  heatmapOverlayResponseSchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import { KG_PER_LB } from '@baletrack/domain/units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Farm,
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  square,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { baleAt, cellAt, fieldWithHole, NORTH, WEST, withHole } from './heatmap-farm.ts';

// Three bales on cell centres of the field (moisture 10, 20 and 30 %), one in the hole and one
// outside the field, which no heatmap of the field may use.
let t: TestApp;
let farm: Farm;
let fieldId: string;
let apiKey: string;
const moisture = { nw: 10, se: 20, sw: 30 };

beforeAll(async () => {
  t = await startTestApp();
  farm = await newFarm(t, 'Heatmap Farm');
  fieldId = (await newField(t.ctx, farm.orgId, { name: 'Holed', boundary: fieldWithHole })).id;
  const baler = await newBaler(t.ctx, farm.orgId);
  apiKey = baler.apiKey;
  await ingest(t, apiKey, [
    baleAt(2.5, -2.5, { uid: 'NW', avgMoisture: moisture.nw, peakMoisture: 12, weightKg: 500 }),
    baleAt(97.5, -97.5, { uid: 'SE', avgMoisture: moisture.se, peakMoisture: 22, weightKg: 600 }),
    baleAt(2.5, -97.5, {
      uid: 'SW',
      avgMoisture: moisture.sw,
      peakMoisture: 33,
      weightKg: 700,
      adf: null,
      ndf: null,
    }),
    baleAt(50, -50, { uid: 'IN-HOLE', avgMoisture: 90, peakMoisture: 95 }),
    baleAt(150, -50, { uid: 'OUTSIDE', avgMoisture: 90, peakMoisture: 95 }),
  ]);
});
afterAll(() => t.close());

const get = async (path: string, query: Record<string, unknown>) => {
  const response = await farm.get(path, query);
  return { status: response.status, body: await response.json() };
};
const overlay = async (query: Record<string, unknown> = {}) => {
  const { status, body } = await get('/heatmap/overlay', {
    fieldId,
    measure: 'AvgMoisture',
    ...query,
  });
  expect(status).toBe(200);
  return heatmapOverlayResponseSchema.parse(body);
};

/** The field's bales with a moisture, in metres from its north-west corner. */
const threeBales = [
  { x: 2.5, y: -2.5, value: moisture.nw },
  { x: 97.5, y: -97.5, value: moisture.se },
  { x: 2.5, y: -97.5, value: moisture.sw },
];
/**
 * The smoothed IDW value by hand (docs/product.md#heatmaps): weights 1 / (d² + h²), h² the box's
 * area per bale (100 m × 100 m over n bales). The API rounds to 0.1.
 */
function smoothed(x: number, y: number, bales: { x: number; y: number; value: number }[]) {
  const h2 = (100 * 100) / bales.length;
  let weighted = 0;
  let weights = 0;
  for (const bale of bales) {
    const w = 1 / ((bale.x - x) ** 2 + (bale.y - y) ** 2 + h2);
    weighted += w * bale.value;
    weights += w;
  }
  return weighted / weights;
}

describe('GET /heatmap/overlay', () => {
  it('smooths the bales over 5 m cells at their own spacing, clipped to the field', async () => {
    const { grid, baleCount, valueCount, emptyReason } = await overlay();
    expect([baleCount, valueCount, emptyReason]).toEqual([3, 3, null]);
    if (!grid) throw new Error('no grid');
    expect([grid.cols, grid.rows, grid.cellSizeM]).toEqual([20, 20, 5]);
    expect(grid.west).toBe(WEST);
    expect(grid.north).toBe(NORTH);
    const at = (x: number, y: number) => {
      const { col, row } = cellAt(x, y);
      return grid.values[row * grid.cols + col];
    };
    // Each cell weighs every bale by 1 / (d² + h²), h the bales' spacing over the 100 m box.
    for (const [x, y] of [
      [2.5, -2.5],
      [97.5, -97.5],
      [2.5, -97.5],
      [97.5, -2.5],
      [37.5, -42.5],
    ] as const) {
      expect(at(x, y)).toBeCloseTo(smoothed(x, y, threeBales), 1);
    }
    // The trend stays: the dry corner is the driest, the wet one the wettest, within the bales'.
    expect(at(2.5, -2.5)).toBeLessThan(at(97.5, -97.5) as number);
    expect(at(97.5, -97.5)).toBeLessThan(at(2.5, -97.5) as number);
    const values = grid.values.filter((v): v is number => v !== null);
    expect(Math.min(...values)).toBeGreaterThan(10);
    expect(Math.max(...values)).toBeLessThan(30);
    // The hole (40–60 m each way) is 4 × 4 empty cells; everything else has a value.
    expect(at(42.5, -42.5)).toBeNull();
    expect(at(57.5, -57.5)).toBeNull();
    expect(grid.values.filter((v) => v === null)).toHaveLength(16);
  });

  it('follows the dates and the applied filter, and says when nothing is left', async () => {
    const none = await overlay({ year: 2024 });
    expect([none.baleCount, none.grid, none.emptyReason]).toEqual([
      0,
      null,
      heatmapMessages.noBales,
    ]);

    const created = await farm.post('/filters/create', {
      name: 'Not too wet',
      ranges: { avgMoisture: { min: null, max: 25 } },
      dateRange: null,
      includeCuttingless: true,
      fieldIds: [],
      cuttingIds: [],
      cropIds: [],
      balerIds: [],
      baleSizes: [],
    });
    expect(created.status).toBe(201);
    const filterId = filterSchema.parse(await created.json()).id;
    const filtered = await overlay({ filterId, year: 2025 });
    expect(filtered.baleCount).toBe(2);
    // The 30 % bale is left out: the wettest cell is the 20 % bale's, pulled towards the 10 %.
    const twoBales = threeBales.slice(0, 2);
    expect(Math.max(...(filtered.grid?.values ?? []).map((v) => v ?? 0))).toBeCloseTo(
      smoothed(97.5, -97.5, twoBales),
      1,
    );
  });

  it('says so when no bale of the field reported the measure', async () => {
    const bare = await newField(t.ctx, farm.orgId, {
      name: 'Grass only',
      boundary: square(-120.4, 46.6),
    });
    await ingest(t, apiKey, [
      newBale({ creationLocation: { lat: 46.6, lon: -120.4 }, adf: null, ndf: null }),
    ]);
    const rfv = await overlay({ fieldId: bare.id, measure: 'RFV' });
    expect([rfv.baleCount, rfv.valueCount, rfv.grid, rfv.emptyReason]).toEqual([
      1,
      0,
      null,
      heatmapMessages.noValues,
    ]);
  });

  it('answers again from the cache, and afresh once a new bale arrived', async () => {
    const first = await overlay({ measure: 'Weight' });
    expect(await overlay({ measure: 'Weight' })).toEqual(first);
    await ingest(t, apiKey, [baleAt(97.5, -2.5, { uid: 'NE', avgMoisture: 14, peakMoisture: 15 })]);
    const after = await overlay();
    expect(after.baleCount).toBe(4);
    const { col, row } = cellAt(97.5, -2.5);
    expect(after.grid?.values[row * (after.grid?.cols ?? 0) + col]).toBeCloseTo(
      smoothed(97.5, -2.5, [...threeBales, { x: 97.5, y: -2.5, value: 14 }]),
      1,
    );
  });
});

describe('GET /heatmap/icon and /bales/heatmap/get', () => {
  it('counts the bales per moisture class', async () => {
    const { status, body } = await get('/heatmap/icon', {
      fieldId,
      measure: 'AvgMoisture',
      to: '2025-06-30',
    });
    expect(status).toBe(200);
    const icon = heatmapIconResponseSchema.parse(body);
    expect(icon.classes.map((c) => c.max)).toEqual([12, 16, 20, 25, null]);
    // NE (14 %) arrived in the cache test; 10 → 0, 14 → 1, 20 → 3, 30 → 4.
    expect(icon.classCounts).toEqual([1, 1, 0, 1, 1]);
  });

  it('gives each bale of the field its value and class, null where it has none', async () => {
    const { status, body } = await get('/bales/heatmap/get', { fieldId, measure: 'RFV' });
    expect(status).toBe(200);
    const { bales, baleCount, valueCount, classes } = heatmapBalesResponseSchema.parse(body);
    expect([baleCount, valueCount]).toEqual([4, 3]);
    expect(classes[2]).toEqual({ min: 150, max: 170, name: 'Good' });
    const byUid = Object.fromEntries(bales.map((b) => [b.uid, b]));
    expect(Object.keys(byUid).sort()).toEqual(['NE', 'NW', 'SE', 'SW']);
    // ADF 30, NDF 40: RFV 152.4, Good.
    expect(byUid.NW).toMatchObject({ value: 152.4, classIndex: 2 });
    expect(byUid.SW).toMatchObject({ value: null, classIndex: null });
  });

  it("classes weights in round pounds for a US organization across the field's range", async () => {
    const { body } = await get('/heatmap/icon', { fieldId, measure: 'Weight' });
    const icon = heatmapIconResponseSchema.parse(body);
    // 500–700 kg (NE weighs 640) is 1,102–1,543 lb: 100 lb steps from 1,100 lb.
    const limits = icon.classes.slice(0, -1).map((c) => Math.round((c.max ?? 0) / KG_PER_LB));
    expect(limits).toEqual([1200, 1300, 1400, 1500]);
    expect(icon.classCounts).toEqual([1, 0, 1, 1, 1]);
  });
});

describe('GET /bales/heatmap/input', () => {
  it('gives the boundary and the values the overlay is made from', async () => {
    const { status, body } = await get('/bales/heatmap/input', { fieldId, measure: 'AvgMoisture' });
    expect(status).toBe(200);
    const input = heatmapInputResponseSchema.parse(body);
    expect(input.boundary).toEqual(fieldWithHole);
    // In no promised order (the map's snapshot order): compared by uid.
    const byUid = input.points
      .map((p) => [p.uid, p.value])
      .sort(([a], [b]) => `${a}`.localeCompare(`${b}`));
    expect(byUid).toEqual([
      ['NE', 14],
      ['NW', 10],
      ['SE', 20],
      ['SW', 30],
    ]);
  });
});

describe('refusals', () => {
  it("answers 404 for another organization's field or filter", async () => {
    const neighbour = await newFarm(t, 'Neighbour Farm');
    for (const path of [
      '/heatmap/overlay',
      '/heatmap/icon',
      '/bales/heatmap/get',
      '/bales/heatmap/input',
    ]) {
      const response = await neighbour.get(path, { fieldId, measure: 'Weight' });
      expect(response.status).toBe(404);
      expect(apiErrorSchema.parse(await response.json()).message).toBe(
        messages.fieldCuttingCrop.fieldNotFound,
      );
    }
    const theirs = (await newField(t.ctx, neighbour.orgId, { name: 'Theirs' })).id;
    const { status } = await get('/heatmap/overlay', { fieldId: theirs, measure: 'Weight' });
    expect(status).toBe(404);
  });

  it('refuses an unknown measure, a missing field and bad dates with a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fieldId, measure: 'Protein' }, heatmapMessages.measureInvalid],
      [{ measure: 'RFV' }, messages.heatmap.fieldRequired],
      [{ fieldId: 'north-40', measure: 'RFV' }, messages.heatmap.fieldRequired],
      [{ fieldId, measure: 'RFV', from: 'yesterday' }, messages.validation.dateInvalid],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get('/heatmap/overlay', query);
      expect(status).toBe(400);
      expect(apiErrorSchema.parse(body).issues?.map((i) => i.message)).toContain(message);
    }
  });
});

describe('a field edited without moving any bale', () => {
  it('is drawn with its new boundary, not from the cache', async () => {
    // Through the API, which gives the bales inside their fieldUIDs at once.
    const created = await farm.post('/fields', {
      name: 'Holed copy',
      sizeHectares: null,
      boundary: fieldWithHole,
    });
    expect(created.status).toBe(201);
    const copy = fieldSchema.parse(await created.json());
    const nulls = async () =>
      (await overlay({ fieldId: copy.id })).grid?.values.filter((v) => v === null).length;
    expect(await nulls()).toBe(16);
    // A hole of 10 m instead of 20 m: the bale in it stays in it, so no bale changes.
    const smallerHole = withHole(45, 10);
    const response = await farm.put(`/fields/${copy.id}`, {
      name: 'Holed copy',
      sizeHectares: null,
      boundary: smallerHole,
    });
    expect(response.status).toBe(200);
    expect(await nulls()).toBe(4);
  });
});
