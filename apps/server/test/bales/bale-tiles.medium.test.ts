import { fieldSchema } from '@baletrack/contracts/fields/field';
import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellsCurrent, countLockedBales } from '../../src/features/bales/bale-cells.repository.ts';
import { catchUpBaleCells } from '../../src/features/bales/bale-cells-catch-up.ts';
import {
  readTileSums,
  readViewCells,
  TILE_ZOOM,
  type ViewCell,
} from '../../src/features/bales/bale-tiles.repository.ts';
import {
  type Farm,
  ingest,
  JUNE_CUTTING,
  juneCutting,
  markSummedByAnotherRule,
  metres,
  newBale,
  newBaler,
  newFarm,
  square,
  subscribe,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The bale tiles the nearer map reads (docs/adr/0042-bale-tiles.md) keep their sums by adding what
// each write changed; they must always answer what the bales summed afresh answer (the map's
// reading of the bales themselves, graded bale by bale): after new bales, a re-sent record moved
// to another day, a bale carried away, cuttings and crops changed, a month subscribed, a rebuild.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const world = { west: -180, south: -85.05, east: 180, north: 85.05 };
const everywhere = (zoom: number) => ({ zoom, x0: 0, y0: 0, x1: 2 ** zoom - 1, y1: 2 ** zoom - 1 });
const instant = (day?: string) => (day === undefined ? undefined : new Date(`${day}T00:00:00Z`));

// All time, whole months, ranges cutting months at either end, and a month of locked bales.
const ranges = [
  [undefined, undefined],
  ['2025-06-01', '2025-07-01'],
  ['2025-06-03', '2025-07-02'],
  [undefined, '2025-06-03'],
  ['2025-07-01', undefined],
] as const;

const byTile = (cells: ViewCell[]) => new Map(cells.map((cell) => [cell.tile, cell]));

/** Compares the kept tiles with the bales summed afresh, per tile at two zooms, every range. */
async function expectTilesToMatchBales(orgId: string) {
  let kept = 0;
  for (const zoom of [TILE_ZOOM, 17]) {
    for (const [from, to] of ranges) {
      const label = `zoom ${zoom}, ${from}..${to}`;
      const tiles = await readTileSums(
        t.ctx.db,
        orgId,
        { from, to },
        everywhere(zoom),
        cellsCurrent(orgId),
      );
      expect(tiles, label).toBeDefined();
      const bales = await readViewCells(
        t.ctx.db,
        orgId,
        { range: { from: instant(from), to: instant(to) } },
        world,
        zoom,
      );
      const fresh = byTile(bales);
      // The locked bales the map counts beside, from the cells, as the bales count them.
      const range = { from: instant(from), to: instant(to) };
      const locked = await t.ctx.db
        .selectFrom('bales')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('orgId', '=', orgId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('balerSubscriptionMonths as m')
                .select('m.month')
                .whereRef('m.orgId', '=', 'bales.orgId')
                .whereRef('m.balerId', '=', 'bales.balerId')
                .whereRef('m.month', '=', 'bales.creationMonth')
                .where('m.status', '=', 'active'),
            ),
          ),
        )
        .$if(from !== undefined, (q) => q.where('creationTime', '>=', range.from as Date))
        .$if(to !== undefined, (q) => q.where('creationTime', '<', range.to as Date))
        .executeTakeFirstOrThrow();
      expect(await countLockedBales(t.ctx.db, orgId, range), label).toBe(Number(locked.n));
      expect([...byTile(tiles ?? []).keys()].sort(), label).toEqual([...fresh.keys()].sort());
      for (const tile of tiles ?? []) {
        const want = fresh.get(tile.tile) as ViewCell;
        for (const name of [
          'count',
          'weightKg',
          'dryMassKg',
          'moisture',
          'rfv',
          'rfvBales',
          'protein',
          'proteinBales',
          'latSum',
          'lonSum',
        ] as const) {
          expect(tile[name], `${label} ${tile.tile} ${name}`).toBeCloseTo(want[name], 6);
        }
        expect(tile.gradeCounts, `${label} ${tile.tile}`).toEqual(want.gradeCounts);
        if (from === undefined && to === undefined && zoom === TILE_ZOOM) kept += tile.count;
      }
    }
  }
  // Nothing is kept of a tile whose bales all went elsewhere.
  const empty = await t.ctx.db
    .selectFrom('baleTileTotals')
    .select('count')
    .where('orgId', '=', orgId)
    .where('count', '<=', 0)
    .execute();
  expect(empty).toEqual([]);
  return kept;
}

/** Bales graded by each table in the kept all-time tiles. */
async function graded(orgId: string) {
  const tiles = await readTileSums(t.ctx.db, orgId, {}, everywhere(16), cellsCurrent(orgId));
  const count = (table: string) =>
    (tiles ?? []).reduce(
      (n, tile) =>
        n +
        hayGrades.reduce(
          (m, g, i) => m + (g.startsWith(table) ? (tile.gradeCounts[i] ?? 0) : 0),
          0,
        ),
      0,
    );
  return { legume: count('legume.'), grass: count('grass.') };
}

const here = { lat: 46.6, lon: -120.5 };
const near = (north: number) => ({ lat: here.lat + metres.lat(north), lon: here.lon });

async function ok(response: Response, status: number) {
  expect(response.status, await response.clone().text()).toBe(status);
  return status === 204 ? undefined : response.json();
}

async function fieldOver(farm: Farm) {
  return fieldSchema.parse(
    await ok(
      await farm.post('/fields', {
        name: 'Tile field',
        sizeHectares: null,
        boundary: square(here.lon, here.lat, 0.01),
      }),
      201,
    ),
  );
}

describe('bale tiles', () => {
  it('answer what the bales summed afresh answer, whatever a grower and the balers change', async () => {
    const farm = await newFarm(t);
    const field = await fieldOver(farm);
    const baler = await newBaler(t.ctx, farm.orgId);
    // Two bales in one tile, others 60 m to 400 m north, a retail one, one ungraded, two days of
    // June, and July's bales, locked until July is subscribed.
    const bales = [
      newBale({ creationLocation: near(0), rfv: 190 }),
      newBale({ creationLocation: near(3), rfv: 150, protein: 12 }),
      newBale({ creationLocation: near(60), protein: null, adf: null, ndf: null }),
      newBale({ creationLocation: near(120), loadType: 'retail', rfv: 120 }),
      newBale({ creationLocation: near(400), creationTime: '2025-06-05T23:59:59Z', protein: 9 }),
      newBale({ creationLocation: near(200), creationTime: '2025-07-01T08:00:00Z' }),
      newBale({ creationLocation: near(260), creationTime: '2025-07-09T08:00:00Z', rfv: 100 }),
    ];
    await ingest(t, baler.apiKey, bales);
    expect(await expectTilesToMatchBales(farm.orgId)).toBe(5);

    // Re-weighed and made a day later: its old day's tile loses it.
    const later = { ...bales[0], creationTime: '2025-06-04T06:00:00Z', weightKg: 700 };
    await ingest(t, baler.apiKey, [{ ...later, updateTime: '2025-06-05T00:00:00Z' }]);
    await expectTilesToMatchBales(farm.orgId);

    // A scan carries a bale to the yard: a moved bale is drawn on its own, in no tile.
    await ok(
      await farm.post('/bales/manual-scan', {
        scans: [
          {
            tagSerialNumber: bales[2]?.tagSerialNumber,
            location: { lat: 46.7, lon: -120.5 },
            scannedAt: '2025-07-01T08:00:00Z',
          },
        ],
      }),
      200,
    );
    expect(await expectTilesToMatchBales(farm.orgId)).toBe(4);

    // A June cutting of alfalfa grades its bales by the legume table, renamed Timothy by the
    // grass one; deleted, by none.
    expect(await graded(farm.orgId)).toEqual({ legume: 0, grass: 0 });
    const { crop, cutting } = await juneCutting(farm, [field.id]);
    await expectTilesToMatchBales(farm.orgId);
    expect((await graded(farm.orgId)).legume).toBeGreaterThan(0);
    await ok(await farm.call('PUT', `/crops/${crop.id}`, { name: 'Timothy' }), 200);
    await expectTilesToMatchBales(farm.orgId);
    expect(await graded(farm.orgId)).toMatchObject({ legume: 0, grass: expect.any(Number) });
    expect((await graded(farm.orgId)).grass).toBeGreaterThan(0);
    // Moved a week on, the cutting leaves the bales of June 2–5 ungraded.
    await ok(
      await farm.put(`/cuttings/${cutting.id}`, {
        ...JUNE_CUTTING,
        startDate: '2025-06-10',
        fieldIds: [field.id],
        cropId: crop.id,
      }),
      200,
    );
    await expectTilesToMatchBales(farm.orgId);
    expect(await graded(farm.orgId)).toEqual({ legume: 0, grass: 0 });
    await ok(await farm.delete(`/cuttings/${cutting.id}`), 204);
    await expectTilesToMatchBales(farm.orgId);

    // July subscribed: its bales show at once.
    await subscribe(t.ctx, farm.orgId, baler.id, ['2025-07']);
    expect(await expectTilesToMatchBales(farm.orgId)).toBe(6);

    // On hand leaves the retail bale out.
    const onHand = await readTileSums(
      t.ctx.db,
      farm.orgId,
      { onHand: true },
      everywhere(TILE_ZOOM),
      cellsCurrent(farm.orgId),
    );
    expect(onHand?.reduce((n, tile) => n + tile.count, 0)).toBe(5);
  });

  it('are not read while summed by another rule, and are rebuilt whole', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    await ingest(t, baler.apiKey, [newBale({ creationLocation: near(0) })]);
    await markSummedByAnotherRule(t.ctx, farm.orgId, 'baleTileTotals');
    const read = () =>
      readTileSums(t.ctx.db, farm.orgId, {}, everywhere(TILE_ZOOM), cellsCurrent(farm.orgId));
    expect(await read()).toBeUndefined();
    await ingest(t, baler.apiKey, [newBale({ creationLocation: near(100) })]);

    expect(await catchUpBaleCells(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expectTilesToMatchBales(farm.orgId)).toBe(2);
  });
});
