import { randomUUID } from 'node:crypto';
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBoundary } from '../../src/features/demo/farm/boundaries.ts';
import { demoFieldPlans, FARM_ORIGIN } from '../../src/features/demo/farm/farm-layout.ts';
import {
  parseDuration,
  type SimulatorClock,
  SimulatorError,
  simulateBaler,
} from '../../src/features/demo/simulate-baler.ts';
import { insertOrganization } from '../../src/features/users/users.repository.ts';
import { newBaler, newField } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Simulated time: sleeping moves the clock, so minutes of baling take milliseconds. */
function fakeClock(start: number): SimulatorClock {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
}

async function demoFarmWithBaler() {
  const orgId = randomUUID();
  await insertOrganization(t.ctx.db, { id: orgId, name: 'Simulated Hay' });
  const plan = demoFieldPlans.find((f) => f.name === 'Home Pivot');
  if (!plan) throw new Error('no Home Pivot');
  const field = await newField(t.ctx, orgId, {
    name: plan.name,
    boundary: toBoundary(localFrame(FARM_ORIGIN), plan.outline, plan.holes),
  });
  const month = new Date().toISOString().slice(0, 7);
  const baler = await newBaler(t.ctx, orgId, { activeMonths: [month] });
  return { orgId, field, baler };
}

describe('simulateBaler', () => {
  it('posts bales along the chosen field at the rate asked, and they are stored', async () => {
    const { orgId, field, baler } = await demoFarmWithBaler();
    const lines: string[] = [];
    // On a whole second: bale times are reported to the second.
    const start = Math.floor(Date.now() / 1000) * 1000;
    const totals = await simulateBaler({
      url: t.url,
      apiKey: baler.apiKey,
      fieldName: 'home pivot',
      ratePerMinute: 120,
      durationMs: 10_000,
      seed: 5,
      clock: fakeClock(start),
      log: (line) => lines.push(line),
    });
    // 120 a minute is one every 0.5 s: 21 bales over 10 s, counting both ends.
    expect(totals).toMatchObject({ sent: 21, created: 21, rejected: 0 });
    expect(totals.batches).toBe(6);
    expect(lines[0]).toMatch(/^Baling Home Pivot \(ThreeXFour\) at 120 bales\/min/);
    expect(lines.at(-1)).toBe('Done: 21 bales in 6 batches, 21 stored.');

    const stored = await t.ctx.db
      .selectFrom('bales')
      .select(['fieldUids', 'creationTime', 'balerId'])
      .where('orgId', '=', orgId)
      .orderBy('creationTime')
      .execute();
    expect(stored).toHaveLength(21);
    for (const bale of stored) {
      expect(bale.fieldUids).toEqual([field.id]);
      expect(bale.balerId).toBe(baler.id);
    }
    expect(stored[0]?.creationTime.getTime()).toBe(start);
    expect(stored.at(-1)?.creationTime.getTime()).toBe(start + 10_000);
  });

  it('says when the key is refused', async () => {
    const run = simulateBaler({
      url: t.url,
      apiKey: 'bt_not-a-key',
      ratePerMinute: 30,
      durationMs: 1000,
      clock: fakeClock(Date.now()),
      log: () => {},
    });
    await expect(run).rejects.toThrow(SimulatorError);
    await expect(run).rejects.toThrow(/refused the baler key/);
  });

  it('says when no server answers', async () => {
    const run = simulateBaler({
      url: 'http://127.0.0.1:1',
      apiKey: 'bt_any',
      ratePerMinute: 30,
      durationMs: 1000,
      clock: fakeClock(Date.now()),
      log: () => {},
    });
    await expect(run).rejects.toThrow(/No Baletrack server answers at http:\/\/127\.0\.0\.1:1/);
  });

  it('names the demo fields for an unknown one', async () => {
    const run = simulateBaler({
      url: t.url,
      apiKey: 'bt_any',
      fieldName: 'Back 40',
      ratePerMinute: 30,
      durationMs: 1000,
      log: () => {},
    });
    await expect(run).rejects.toThrow(/Fields: Home North, Home Pivot/);
  });
});

describe('parseDuration', () => {
  it('reads seconds, minutes and hours, minutes by default', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('2')).toBe(120_000);
    expect(parseDuration('soon')).toBeNaN();
  });
});
