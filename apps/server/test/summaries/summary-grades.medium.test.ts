import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { baleSummaryResponseSchema } from '@baletrack/contracts/summaries/summary';
import { qualityGrade } from '@baletrack/domain/quality-grade/quality-grade';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
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

// The summary grades in SQL; this checks it against the domain's `qualityGrade` on the edges of
// every bound, one bale per case: legumes in an alfalfa field, grass in a timothy field.
type Values = Pick<IngestBale, 'rfv' | 'adf' | 'ndf' | 'protein'>;
const none = { rfv: null, adf: null, ndf: null, protein: null };
const legumeCases: Values[] = [
  { ...none, rfv: 185.1 },
  { ...none, rfv: 185 },
  { ...none, rfv: 170 },
  { ...none, rfv: 169.9 },
  { ...none, rfv: 150 },
  { ...none, rfv: 130 },
  { ...none, rfv: 129.9 },
  // RFV left out by the baler: computed from ADF 30 and NDF 40 (152, Good).
  { ...none, adf: 30, ndf: 40 },
  // Neither: graded by crude protein.
  { ...none, protein: 22 },
  { ...none, protein: 20 },
  { ...none, protein: 15.9 },
  // Nothing to grade by.
  { ...none },
];
const grassCases: Values[] = [13.1, 13, 9, 8.9, 5, 4.9].map((protein) => ({ ...none, protein }));

let t: TestApp;
let farm: Farm;
beforeAll(async () => {
  t = await startTestApp();
  farm = await newFarm(t, 'Grade Farm');
  const alfalfaField = await newField(t.ctx, farm.orgId, {
    name: 'L',
    boundary: square(-120.5, 46.6),
  });
  const grassField = await newField(t.ctx, farm.orgId, {
    name: 'G',
    boundary: square(-120.4, 46.6),
  });
  const [alfalfa, timothy] = await insertCrops(t.ctx.db, farm.orgId, [
    { name: 'Alfalfa/orchardgrass' },
    { name: 'Timothy' },
  ]);
  const june = { year: 2025, startDate: '2025-06-01', endDate: '2025-06-30' };
  await insertCuttings(t.ctx.db, farm.orgId, [
    { ...june, name: '1st', cropId: alfalfa as string, fieldIds: [alfalfaField.id] },
    { ...june, name: '1st', cropId: timothy as string, fieldIds: [grassField.id] },
  ]);
  const baler = await newBaler(t.ctx, farm.orgId);
  const at = (lon: number, i: number) => ({ lat: 46.6 + i * 0.0002, lon });
  await ingest(t, baler.apiKey, [
    ...legumeCases.map((v, i) =>
      newBale({ ...v, creationLocation: at(-120.5, i), currentLocation: at(-120.5, i) }),
    ),
    ...grassCases.map((v, i) =>
      newBale({ ...v, creationLocation: at(-120.4, i), currentLocation: at(-120.4, i) }),
    ),
  ]);
});
afterAll(() => t.close());

function expected(kind: 'legume' | 'grass', cases: Values[]) {
  const counts: Record<string, number> = {};
  let ungraded = 0;
  for (const values of cases) {
    const grade = qualityGrade(kind, values);
    if (grade === null) ungraded += 1;
    else counts[grade] = (counts[grade] ?? 0) + 1;
  }
  return { counts, ungraded };
}

it('grades every bale as the domain rule does, on each bound', async () => {
  const response = await farm.get('/bales/summary');
  const { grades } = baleSummaryResponseSchema.parse(await response.json()).summary;
  const legume = expected('legume', legumeCases);
  const grass = expected('grass', grassCases);
  expect(grades.legume).toEqual({
    Supreme: 0,
    Premium: 0,
    Good: 0,
    Fair: 0,
    Utility: 0,
    ...legume.counts,
  });
  expect(grades.grass).toEqual({ Premium: 0, Good: 0, Fair: 0, Low: 0, ...grass.counts });
  expect(grades.ungraded).toBe(legume.ungraded + grass.ungraded);
  // Written out once by hand, so a wrong domain rule cannot pass both sides.
  expect(grades.legume).toEqual({ Supreme: 1, Premium: 4, Good: 3, Fair: 1, Utility: 2 });
  expect(grades.grass).toEqual({ Premium: 1, Good: 2, Fair: 2, Low: 1 });
  expect(grades.ungraded).toBe(1);
});
