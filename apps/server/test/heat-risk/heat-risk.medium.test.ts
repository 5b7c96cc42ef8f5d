import { randomUUID } from 'node:crypto';
import {
  type HeatRiskResponse,
  heatRiskMessages,
  heatRiskResponseSchema,
} from '@baletrack/contracts/heat-risk/heat-risk';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { afterEach, describe, expect, it } from 'vitest';
import { heatRiskWatchList } from '../../src/features/heat-risk/heat-risk.service.ts';
import { runHeatRiskMails } from '../../src/features/heat-risk/heat-risk-scheduler.ts';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { type Farm, ingest, newBale, newBaler, newFarm, stackedBales } from '../helpers/farm.ts';
import { signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The heat-risk watch list and its daily mail with the test clock
// (docs/product.md#beyond-the-spec-heat-risk). Expected scores are worked out by hand:
// score = (average moisture − the safe limit) × the age weight (1 up to 7 days, then
// (42 − days) / 35, 0 from 42 days).

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function app(startAt: string) {
  const t = await startTestApp({ startAt, env: { BILLING: 'off' } });
  apps.push(t);
  return t;
}

async function watchList(farm: Farm): Promise<HeatRiskResponse> {
  const response = await farm.get('/heat-risk');
  expect(response.status).toBe(200);
  return heatRiskResponseSchema.parse(await response.json());
}

const yard = { lat: 46.61, lon: -120.49 };

const tagsAsUids = (bales: IngestBale[]) =>
  bales.map((bale) => ({ ...bale, tagSerialNumber: bale.uid }));

/** Farm A's bales, at 2025-06-10T12:00Z. */
async function wetFarm(t: TestApp, name: string) {
  const farm = await newFarm(t, name);
  const baler = await newBaler(t.ctx, farm.orgId);
  const stack = stackedBales(3, yard, { updateTime: '2025-06-09T10:00:00Z' });
  stack[1] = { ...(stack[1] as (typeof stack)[number]), uid: 'STACK-WET' };
  // Each bale's tag reads as its uid, so the list and the mail name it as the test does.
  await ingest(
    t,
    baler.apiKey,
    tagsAsUids([
      // 3x4 at 22 %, 2 days old: 6 points over 16 % → 6, high.
      newBale({
        uid: 'SQUARE-22',
        baleSize: 'ThreeXFour',
        avgMoisture: 22,
        peakMoisture: 25,
        creationTime: '2025-06-08T12:00:00Z',
      }),
      // 4ft round at 20 %, 1 day old: 2 points over 18 % → 2, elevated.
      newBale({
        uid: 'ROUND-20',
        baleSize: 'FourFeet',
        baleDiameterMeters: 1.2,
        avgMoisture: 20,
        peakMoisture: 22,
        creationTime: '2025-06-09T12:00:00Z',
      }),
      // 4x4 at 25 % with preservative: safe up to 30 % → not listed.
      newBale({
        uid: 'TREATED-25',
        avgMoisture: 25,
        peakMoisture: 27,
        appliedPreservativeKg: 2.5,
        creationTime: '2025-06-09T12:00:00Z',
      }),
      // 3x4 at 24 %, 9 days old: 8 × (42 − 9) / 35 = 7.542857 → 7.54, high.
      newBale({
        uid: 'SQUARE-24',
        baleSize: 'ThreeXFour',
        avgMoisture: 24,
        peakMoisture: 26,
        creationTime: '2025-06-01T11:00:00Z',
      }),
      // Dry, and wrapped baleage: never listed.
      newBale({ uid: 'DRY-13', creationTime: '2025-06-09T12:00:00Z' }),
      newBale({
        uid: 'WRAPPED-50',
        baleSize: 'FourFeet',
        avgMoisture: 50,
        peakMoisture: 55,
        bindingMode: 'Film',
        creationTime: '2025-06-09T12:00:00Z',
      }),
      // A stack of three at the yard; one 3x4 at 19 %, 5 days old: 3 points → 3, elevated.
      ...stack.map((b, i) =>
        i === 1
          ? {
              ...b,
              baleSize: 'ThreeXFour' as const,
              avgMoisture: 19,
              peakMoisture: 21,
              creationTime: '2025-06-05T12:00:00Z',
            }
          : { ...b, creationTime: '2025-06-05T12:00:00Z' },
      ),
    ]),
  );
  return farm;
}

describe('GET /data-api/heat-risk', () => {
  it('lists the bales and stacks at risk, most urgent first, each with why', async () => {
    const t = await app('2025-06-10T12:00:00Z');
    const farm = await wetFarm(t, 'Wet Farm');
    const other = await newFarm(t, 'Other Farm');
    const otherBaler = await newBaler(t.ctx, other.orgId);
    await ingest(t, otherBaler.apiKey, [
      newBale({
        uid: 'OTHER-30',
        avgMoisture: 30,
        peakMoisture: 33,
        creationTime: '2025-06-09T12:00:00Z',
      }),
    ]);

    const list = await watchList(farm);
    expect(list.at.startsWith('2025-06-10T12:0')).toBe(true);
    expect(
      list.entries.map((e) =>
        e.kind === 'bale'
          ? [e.bale.uid, e.bale.level, e.bale.score]
          : ['stack', e.level, e.score, e.baleCount, e.bales.map((b) => b.uid)],
      ),
    ).toEqual([
      ['SQUARE-24', 'high', 7.54],
      ['SQUARE-22', 'high', 6],
      ['stack', 'elevated', 3, 3, ['STACK-WET']],
      ['ROUND-20', 'elevated', 2],
    ]);
    const square = list.entries[1];
    expect(square?.kind === 'bale' && square.bale.why).toEqual({
      avgMoisture: 22,
      peakMoisture: 25,
      safeMaxMoisture: 16,
      excessMoisture: 6,
      baleSize: 'ThreeXFour',
      shape: 'LargeSquare',
      preservativeKg: 0,
      daysSinceBaling: 2,
    });
    const round = list.entries[3];
    expect(round?.kind === 'bale' && round.bale.why).toMatchObject({
      safeMaxMoisture: 18,
      shape: 'Round',
      daysSinceBaling: 1,
    });
    // Another organization's bales never show, and it sees only its own.
    expect(JSON.stringify(list)).not.toContain('OTHER-30');
    const theirs = await watchList(other);
    expect(theirs.entries.map((e) => e.id)).toEqual(['OTHER-30']);
  });

  it('gathers the stacks at risk of many yards, read around each or the farm at once', async () => {
    const t = await app('2025-06-10T12:00:00Z');
    const farm = await newFarm(t, 'Many Yards');
    const baler = await newBaler(t.ctx, farm.orgId);
    // Nine yards a kilometre apart, a stack of three in each with one bale at 19 %: more stacks
    // than the list reads one by one, so the farm's are read at once; one yard alone, one by one.
    const yards = Array.from({ length: 9 }, (_, i) => ({ lat: 46.61 + 0.009 * i, lon: -120.49 }));
    const wetStack = (at: { lat: number; lon: number }, i: number) =>
      stackedBales(3, at, { creationTime: '2025-06-05T12:00:00Z' }).map((bale, j) =>
        j === 1
          ? { ...bale, uid: `WET-${i}`, baleSize: 'ThreeXFour' as const, avgMoisture: 19 }
          : bale,
      );
    await ingest(t, baler.apiKey, tagsAsUids(yards.flatMap(wetStack)));
    const stacks = (list: HeatRiskResponse) =>
      list.entries.map((e) =>
        e.kind === 'stack' ? [e.baleCount, e.bales.map((b) => b.uid)] : e.id,
      );
    const many = await watchList(farm);
    expect(stacks(many).sort()).toEqual(yards.map((_, i) => [3, [`WET-${i}`]]).sort());

    const one = await newFarm(t, 'One Yard');
    const oneBaler = await newBaler(t.ctx, one.orgId);
    await ingest(t, oneBaler.apiKey, tagsAsUids(wetStack(yards[0] as (typeof yards)[0], 0)));
    const alone = await watchList(one);
    expect(stacks(alone)).toEqual([[3, ['WET-0']]]);
    // The same stack either way: its place and members.
    const first = many.entries.find((e) => e.kind === 'stack' && e.bales[0]?.uid === 'WET-0');
    expect(alone.entries[0]).toMatchObject({
      lat: first?.kind === 'stack' ? first.lat : NaN,
      lon: first?.kind === 'stack' ? first.lon : NaN,
    });
  });

  it('lets the risk fade with the days since baling, and ends it at six weeks', async () => {
    const t = await app('2025-06-10T12:00:00Z');
    const farm = await wetFarm(t, 'Fading Farm');
    // 20 days on (2025-06-30T12:00Z): SQUARE-24 is 29 days old: 8 × 13 / 35 = 2.971 → 2.97;
    // SQUARE-22 22 days: 6 × 20 / 35 = 3.43; the stack's bale 25 days: 3 × 17 / 35 = 1.46;
    // ROUND-20 21 days: 2 × 21 / 35 = 1.2. None is high any more.
    // (The service directly: the owner's token has long expired by then.)
    t.advance(20 * 86_400_000);
    const later = await heatRiskWatchList(t.ctx, farm.orgId);
    expect(
      later.entries.map((e) => [
        e.id,
        e.kind === 'bale' ? e.bale.level : e.level,
        e.kind === 'bale' ? e.bale.score : e.score,
      ]),
    ).toEqual([
      ['SQUARE-22', 'elevated', 3.43],
      ['SQUARE-24', 'elevated', 2.97],
      [expect.any(String), 'elevated', 1.46],
      ['ROUND-20', 'elevated', 1.2],
    ]);
    // On 2025-07-14 SQUARE-24 is 42 days old; by 2025-07-22 every bale is.
    t.advance(22 * 86_400_000);
    expect((await heatRiskWatchList(t.ctx, farm.orgId)).entries).toEqual([]);
  });
});

describe('the daily heat-risk mail', () => {
  async function mails(t: TestApp, to: string) {
    return t.ctx.db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('recipient', '=', to)
      .where('subject', 'like', '%heating%')
      .orderBy('id')
      .execute();
  }

  it('goes to the owner once a day while anything is at high risk, and not otherwise', async () => {
    const t = await app('2025-06-10T05:00:00Z');
    const farm = await wetFarm(t, 'Mail Farm');
    const calm = await newFarm(t, 'Calm Farm');
    const calmBaler = await newBaler(t.ctx, calm.orgId);
    // Only elevated (17 % in a 3x4): no mail.
    await ingest(t, calmBaler.apiKey, [
      newBale({
        baleSize: 'ThreeXFour',
        avgMoisture: 17,
        peakMoisture: 19,
        creationTime: '2025-06-09T12:00:00Z',
      }),
    ]);

    expect(await runHeatRiskMails(t.ctx)).toBe(1);
    expect(await runHeatRiskMails(t.ctx)).toBe(0);
    t.advance(12 * 3_600_000); // 17:00 the same day
    expect(await runHeatRiskMails(t.ctx)).toBe(0);
    const first = await mails(t, farm.owner.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toContain('2 at high risk of heating, 2025-06-10');
    // Each high entry once, most urgent first, with why; the elevated ones are left out.
    const text = first[0]?.text ?? '';
    expect(text.match(/Bale SQUARE-24/g)).toHaveLength(1);
    expect(text.indexOf('Bale SQUARE-24')).toBeLessThan(text.indexOf('Bale SQUARE-22'));
    expect(text).toContain('Moisture 22 %, 6 points above the safe 16 %.');
    expect(text).toContain('Baled 1 day ago: heating peaks in the first week.');
    expect(text).not.toContain('ROUND-20');
    expect(text).not.toContain('Stack of');
    expect(await mails(t, calm.owner.email)).toHaveLength(0);

    // The next day SQUARE-22 (2 days: 6) and SQUARE-24 (10 days: 8 × 32 / 35 = 7.31) are still high.
    // Two processes at once: the (organization, day) key lets one mail through.
    t.advance(12 * 3_600_000);
    const racing = await Promise.all([runHeatRiskMails(t.ctx), runHeatRiskMails(t.ctx)]);
    expect(racing[0] + racing[1]).toBe(1);
    expect(await runHeatRiskMails(t.ctx)).toBe(0);
    expect(await mails(t, farm.owner.email)).toHaveLength(2);

    // Three weeks on nothing is high (SQUARE-22 at 23 days: 6 × 19 / 35 = 3.26; SQUARE-24 at 30
    // days: 8 × 12 / 35 = 2.74): no more mail.
    t.advance(21 * 86_400_000);
    expect(await runHeatRiskMails(t.ctx)).toBe(0);
    expect(await mails(t, farm.owner.email)).toHaveLength(2);
  });

  it('goes to the people the owner chooses too, enabled ones only, and never to another farm', async () => {
    const t = await app('2025-06-10T05:00:00Z');
    const farm = await wetFarm(t, 'Crew Farm');
    const other = await newFarm(t, 'Other Farm');
    const hand = async (orgId: string, enabled = true) => {
      const email = `hand-${randomUUID().slice(0, 8)}@example.com`;
      const { id } = await createPoolUser(t.ctx, {
        orgId,
        email,
        name: 'Hand',
        password: 'Temporary-pw1',
        groups: ['AccountsViewer'],
        status: 'CONFIRMED',
      });
      if (!enabled)
        await t.ctx.db.updateTable('users').set({ enabled: false }).where('id', '=', id).execute();
      return { id, email };
    };
    const manager = await hand(farm.orgId);
    const away = await hand(farm.orgId, false);
    const notChosen = await hand(farm.orgId);
    const stranger = await hand(other.orgId);

    expect(await (await farm.get('/heat-risk/recipients')).json()).toEqual({ userIds: [] });
    // Another organization's person is refused and nothing changes.
    const refused = await farm.put('/heat-risk/recipients', { userIds: [manager.id, stranger.id] });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({
      message: 'A chosen person is not in this organization.',
    });
    expect(await (await farm.get('/heat-risk/recipients')).json()).toEqual({ userIds: [] });
    const tooMany = await farm.put('/heat-risk/recipients', {
      userIds: Array.from({ length: 51 }, () => randomUUID()),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain(
      'Choose at most 50 people for the heat-risk mail.',
    );

    const chosen = await farm.put('/heat-risk/recipients', {
      userIds: [manager.id, away.id, manager.id],
    });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ userIds: [manager.id, away.id].sort() });

    expect(await runHeatRiskMails(t.ctx)).toBe(1);
    expect(await mails(t, farm.owner.email)).toHaveLength(1);
    expect(await mails(t, manager.email)).toHaveLength(1);
    expect(await mails(t, away.email)).toHaveLength(0); // disabled
    expect(await mails(t, notChosen.email)).toHaveLength(0);
    expect(await mails(t, stranger.email)).toHaveLength(0);

    // Two owners' screens saving at the same moment: both answered, one choice kept whole.
    const [one, two] = await Promise.all([
      farm.put('/heat-risk/recipients', { userIds: [manager.id, notChosen.id] }),
      farm.put('/heat-risk/recipients', { userIds: [away.id] }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const kept = ((await (await farm.get('/heat-risk/recipients')).json()) as { userIds: string[] })
      .userIds;
    expect([[manager.id, notChosen.id].sort(), [away.id]]).toContainEqual(kept);
    await farm.put('/heat-risk/recipients', { userIds: [manager.id, away.id] });

    // A person deleted from the organization leaves the choice with them.
    await t.ctx.db.deleteFrom('users').where('id', '=', manager.id).execute();
    expect(await (await farm.get('/heat-risk/recipients')).json()).toEqual({ userIds: [away.id] });

    // A manager may not choose (it is about people), and is told so in those words.
    const boss = { email: `boss-${randomUUID().slice(0, 8)}@example.com`, password: 'Manager-pw1' };
    await createPoolUser(t.ctx, {
      orgId: farm.orgId,
      ...boss,
      name: 'Boss',
      groups: ['AccountsManager'],
      status: 'CONFIRMED',
    });
    const { IdToken } = await signIn(t, boss.email, boss.password);
    const refusal = await fetch(`${t.url}/data-api/heat-risk/recipients`, {
      method: 'PUT',
      headers: { authorization: IdToken, 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [] }),
    });
    expect(refusal.status).toBe(403);
    expect(((await refusal.json()) as { message: string }).message).toBe(
      heatRiskMessages.ownerOnlyRecipients,
    );
  });
});
