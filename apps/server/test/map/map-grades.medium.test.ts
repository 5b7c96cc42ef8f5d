import { cropSchema } from '@baletrack/contracts/crops/crop';
import { cuttingSchema } from '@baletrack/contracts/cuttings/cutting';
import { clustersResponseSchema } from '@baletrack/contracts/map/map';
import { baleSummaryResponseSchema } from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Farm,
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newField,
  square,
  stackedBales,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The map's quality grades (docs/product.md#clusters): bales by their cutting's crop's table,
// clusters by how many bales have each grade, stacks by their own grade; a cutting's crop
// changed regrades the map at once, as it does the summaries.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { BILLING: 'off' } });
});
afterAll(() => t.close());

const whole = { west: -121, south: 46, east: -120, north: 47 };
const north40 = { lat: 46.6, lon: -120.5 };
const yard = { lat: 46.62, lon: -120.45 };

async function clusters(farm: Farm, zoom: number) {
  const response = await farm.get('/clusters/get', { ...whole, zoom });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return clustersResponseSchema.parse(body);
}

/**
 * North 40 in a June cutting of alfalfa: four loose bales (RFV 160, 160 and 175: legume Good,
 * Good, Premium; one with CP 3 and no fibre values, graded by CP: Utility), two stacked ones (RFV 180 and
 * 140, whose average 160 is Good though neither bale is), and one bale outside any field.
 */
async function gradedFarm() {
  const farm = await newFarm(t);
  const field = await newField(t.ctx, farm.orgId, {
    name: 'North 40',
    boundary: square(north40.lon, north40.lat, 0.01),
  });
  const crop = async (name: string) =>
    cropSchema.parse(await (await farm.call('POST', '/crops', { name })).json());
  const alfalfa = await crop('Alfalfa');
  const timothy = await crop('Timothy');
  const cutting = {
    name: 'First cut',
    startDate: '2025-06-01',
    endDate: '2025-06-30',
    fieldIds: [field.id],
    cropId: alfalfa.id,
    year: 2025,
  };
  const created = await farm.post('/cuttings', cutting);
  expect(created.status).toBe(201);
  const { id: cuttingId } = cuttingSchema.parse(await created.json());
  const at = (i: number) => ({ lat: north40.lat + metres.lat(40 * i), lon: north40.lon });
  const fibre = { adf: null, ndf: null, protein: 10 };
  const baler = await newBaler(t.ctx, farm.orgId);
  await ingest(t, baler.apiKey, [
    newBale({ creationLocation: at(0), ...fibre, rfv: 160 }),
    newBale({ creationLocation: at(1), ...fibre, rfv: 160 }),
    newBale({ creationLocation: at(2), ...fibre, rfv: 175 }),
    newBale({ creationLocation: at(3), ...fibre, rfv: null, protein: 3 }),
    ...stackedBales(1, yard, { creationLocation: at(4), ...fibre, rfv: 180 }),
    ...stackedBales(
      1,
      { lat: yard.lat, lon: yard.lon + metres.lon(2) },
      {
        creationLocation: at(5),
        ...fibre,
        rfv: 140,
      },
    ),
    newBale({ creationLocation: { lat: 46.9, lon: -120.9 }, ...fibre, rfv: 160 }),
  ]);
  const changeCrop = async (cropId: string) => {
    const response = await farm.put(`/cuttings/${cuttingId}`, { ...cutting, cropId });
    expect(response.status).toBe(200);
  };
  return { farm, changeCrop, alfalfa, timothy };
}

describe('quality grades on the map', () => {
  it('clusters count their bales per grade; bales and stacks carry their grade', async () => {
    const { farm } = await gradedFarm();
    const far = await clusters(farm, 3);
    expect(far.clusters).toHaveLength(1);
    // Stacked bales count by their own grades (Premium, Fair); the bale outside is ungraded.
    expect(far.clusters[0]?.count).toBe(7);
    expect(far.clusters[0]?.grades).toEqual({
      'legume.Premium': 2,
      'legume.Good': 2,
      'legume.Fair': 1,
      'legume.Utility': 1,
    });

    const near = await clusters(farm, 20);
    const grades = near.bales.map((b) => b.grade).sort();
    expect(grades).toEqual([
      'legume.Good',
      'legume.Good',
      'legume.Premium',
      'legume.Utility',
      null,
    ]);
    // A stack's grade is its bales' average's (RFV 165), as its details say.
    expect(near.stacks.map((s) => s.grade)).toEqual(['legume.Good']);
  });

  it('regrades at once when the cutting’s crop changes, as the summaries do', async () => {
    const { farm, changeCrop, alfalfa, timothy } = await gradedFarm();
    expect((await clusters(farm, 3)).clusters[0]?.grades['legume.Good']).toBe(2);
    const stackGrades = async () => (await clusters(farm, 20)).stacks.map((s) => s.grade);
    expect(await stackGrades()).toEqual(['legume.Good']);

    // Timothy is grass, graded by crude protein: CP 10 is Good, CP 3 Low.
    await changeCrop(timothy.id);
    const far = await clusters(farm, 3);
    expect(far.clusters[0]?.grades).toEqual({ 'grass.Good': 5, 'grass.Low': 1 });
    // The summaries count the same grades.
    const summary = baleSummaryResponseSchema.parse(
      await (await farm.get('/bales/summary')).json(),
    );
    expect(summary.summary.grades.grass).toEqual({ Premium: 0, Good: 5, Fair: 0, Low: 1 });
    expect(await stackGrades()).toEqual(['grass.Good']);
    const near = await clusters(farm, 20);
    expect(near.bales.filter((b) => b.grade === 'grass.Good')).toHaveLength(3);

    await changeCrop(alfalfa.id);
    expect((await clusters(farm, 3)).clusters[0]?.grades['legume.Good']).toBe(2);
    // Back as it was, the stack too: nothing of the grass grading is kept for it.
    expect(await stackGrades()).toEqual(['legume.Good']);
  });
});
