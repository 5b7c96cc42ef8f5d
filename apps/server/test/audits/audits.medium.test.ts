import { randomUUID } from 'node:crypto';
import {
  auditMessages,
  auditResultSchema,
  auditStackDetailSchema,
  auditStacksResponseSchema,
  auditsResponseSchema,
  type RecordAudit,
} from '@baletrack/contracts/audits/audits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Farm,
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newGeofence,
  square,
  stackedBales,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Stack audits by scanning (docs/product.md#beyond-the-spec-stack-audits). The farm: a stack of
// five in the home yard (one of them loaded out), a stack of three on the back lot, a bale lying
// loose in the field and one loose bale loaded out.

// One app for the file, a new organization per test.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ startAt: '2025-06-25T12:00:00Z', env: { BILLING: 'off' } });
});
afterAll(() => t.close());

const yard = { lat: 46.62, lon: -120.5 };
const backLot = { lat: 46.62 + metres.lat(500), lon: -120.5 };

async function auditFarm() {
  const farm = await newFarm(t, 'Audited Hay');
  await newGeofence(t.ctx, farm.orgId, {
    name: 'Home yard',
    boundary: square(yard.lon, yard.lat, 0.002),
  });
  await newGeofence(t.ctx, farm.orgId, {
    name: 'Back lot',
    boundary: square(backLot.lon, backLot.lat, 0.002),
  });
  const baler = await newBaler(t.ctx, farm.orgId);
  const home = stackedBales(5, yard).map((b, i) => ({
    ...b,
    uid: `S${i + 1}`,
    tagSerialNumber: `TAG-S${i + 1}`,
    loadType: i === 4 ? ('retail' as const) : ('internal' as const),
  }));
  const back = stackedBales(3, backLot).map((b, i) => ({
    ...b,
    uid: `O${i + 1}`,
    tagSerialNumber: `TAG-O${i + 1}`,
  }));
  const field = { lat: 46.6, lon: -120.45 };
  const loose = newBale({ uid: 'L1', tagSerialNumber: 'TAG-L1', creationLocation: field });
  const sold = newBale({
    uid: 'R1',
    tagSerialNumber: 'TAG-R1',
    creationLocation: { lat: 46.6, lon: -120.44 },
    loadType: 'retail',
  });
  await ingest(t, baler.apiKey, [...home, ...back, loose, sold]);
  return { t, farm };
}

async function stacksOf(farm: Farm, near?: { lat: number; lon: number }) {
  const response = await farm.get('/audits/stacks', near);
  expect(response.status).toBe(200);
  return auditStacksResponseSchema.parse(await response.json()).stacks;
}

async function stackDetail(farm: Farm, stackId: string) {
  const response = await farm.get('/audits/stack', { stackId });
  expect(response.status).toBe(200);
  return auditStackDetailSchema.parse(await response.json());
}

const at = (minute: number) => `2025-06-25T12:${String(minute).padStart(2, '0')}:00Z`;

describe('a stack audit', () => {
  it('lists the stacks nearest first, with their bales on hand', async () => {
    const { farm } = await auditFarm();
    const byStorage = await stacksOf(farm);
    expect(byStorage.map((s) => [s.storage, s.baleCount, s.lastAudit])).toEqual([
      ['Back lot', 3, null],
      ['Home yard', 4, null],
    ]);
    const near = await stacksOf(farm, { lat: yard.lat + metres.lat(20), lon: yard.lon });
    expect(near.map((s) => s.storage)).toEqual(['Home yard', 'Back lot']);
    expect(near[0]?.distanceM).toBeGreaterThan(10);
    expect(near[0]?.distanceM).toBeLessThan(30);
  });

  it('reads found, missing and unexpected with why, places strays on the stack, once', async () => {
    const { farm } = await auditFarm();
    const home = (await stacksOf(farm)).find((s) => s.storage === 'Home yard');
    if (!home) throw new Error('The home yard stack is on the map.');
    const detail = await stackDetail(farm, home.id);
    // The loaded-out bale of the stack is not expected.
    expect(detail.expected.map((b) => b.tag)).toEqual(['TAG-S1', 'TAG-S2', 'TAG-S3', 'TAG-S4']);

    const audit: RecordAudit = {
      id: randomUUID(),
      stackId: home.id,
      stack: { lat: home.lat, lon: home.lon },
      storage: home.storage,
      expectedTags: detail.expected.map((b) => b.tag as string),
      scans: ['TAG-S1', 'TAG-S2', 'TAG-O1', 'TAG-S1', 'TAG-L1', 'TAG-R1', 'NOPE', 'TAG-S3'].map(
        (tag, i) => ({ tag, scannedAt: at(i + 1) }),
      ),
      startedAt: at(0),
      finishedAt: at(10),
    };
    const first = await farm.post('/audits', audit);
    expect(first.status).toBe(201);
    const result = auditResultSchema.parse(await first.json());
    expect(result).toMatchObject({
      stackId: home.id,
      storage: 'Home yard',
      by: farm.owner.email,
      found: ['TAG-S1', 'TAG-S2', 'TAG-S3'],
      missing: ['TAG-S4'],
      unexpected: [
        { tag: 'TAG-O1', reason: 'otherStack', otherStorage: 'Back lot' },
        { tag: 'TAG-L1', reason: 'loose', otherStorage: null },
        { tag: 'TAG-R1', reason: 'loadedOut', otherStorage: null },
        { tag: 'NOPE', reason: 'unknown', otherStorage: null },
      ],
      moved: 2,
    });
    // The strays now lie on the stack: the map counts them in it.
    const after = await stackDetail(farm, home.id);
    expect(after.expected.map((b) => b.tag)).toEqual([
      'TAG-L1',
      'TAG-O1',
      'TAG-S1',
      'TAG-S2',
      'TAG-S3',
      'TAG-S4',
    ]);
    expect(after.stack.lastAudit).toMatchObject({
      id: audit.id,
      expectedCount: 4,
      foundCount: 3,
      missingCount: 1,
      unexpectedCount: 4,
    });

    // Sent again (the answer was lost on the way back): the first record, nothing new.
    const again = await farm.post('/audits', audit);
    expect(again.status).toBe(200);
    expect(auditResultSchema.parse(await again.json())).toEqual(result);
    const history = auditsResponseSchema.parse(
      await (await farm.get('/audits', { stackId: home.id })).json(),
    );
    expect(history.audits.map((a) => a.id)).toEqual([audit.id]);
  });

  it('refuses what cannot be an audit, and keeps organizations apart', async () => {
    const { t, farm } = await auditFarm();
    const [stack] = await stacksOf(farm);
    if (!stack) throw new Error('The farm has stacks.');
    const audit = {
      id: randomUUID(),
      stackId: stack.id,
      stack: { lat: stack.lat, lon: stack.lon },
      storage: null,
      expectedTags: [],
      scans: [],
      startedAt: at(5),
      finishedAt: at(1),
    };
    const backwards = await farm.post('/audits', audit);
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain(auditMessages.finishedBeforeStart);
    const tooMany = await farm.post('/audits', {
      ...audit,
      finishedAt: at(6),
      scans: Array.from({ length: 5001 }, (_, i) => ({ tag: `T${i}`, scannedAt: at(2) })),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(auditMessages.tooManyScans);

    // Another farm sees none of these stacks, and its audit of one reads nothing of this farm.
    const other = await newFarm(t, 'Other Hay');
    expect(await stacksOf(other)).toEqual([]);
    const missing = await other.get('/audits/stack', { stackId: stack.id });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(auditMessages.stackNotFound);
    const theirs = await other.post('/audits', {
      ...audit,
      finishedAt: at(6),
      scans: [{ tag: 'TAG-S1', scannedAt: at(3) }],
    });
    expect(auditResultSchema.parse(await theirs.json()).unexpected).toEqual([
      { tag: 'TAG-S1', reason: 'unknown', otherStorage: null },
    ]);
    expect(
      auditsResponseSchema.parse(await (await farm.get('/audits', { stackId: stack.id })).json())
        .audits,
    ).toEqual([]);
  });
});
