import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { rollOverMonths } from '../../src/features/subscriptions/month-rollover.service.ts';
import { ingest, newBale } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite } from '../helpers/user-api.ts';
import { messageOf, newSubscriber, statesOf } from './subscription-helpers.ts';

const m = messages.subscriptions;
let t: TestApp;

// 10 March 2027: 2026 and January and February are over (credits may still go to them), March
// is current, April on is to come; 2025 is too long past.
beforeAll(async () => {
  t = await startTestApp({ startAt: '2027-03-10T12:00:00Z' });
});
afterAll(() => t.close());

async function ledgerSum(orgId: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('creditLedger')
    .select('credits')
    .where('orgId', '=', orgId)
    .execute();
  return rows.reduce((sum, row) => sum + row.credits, 0);
}

describe('the month grid', () => {
  it('shows last year and this year with active, scheduled and free months', async () => {
    const farm = await newSubscriber(t, 5);
    const applied = await farm.change({ apply: ['2027-06', '2027-03'], confirmCurrentMonth: true });
    expect(applied.status).toBe(200);
    const states = statesOf(await farm.grid());
    expect(Object.keys(states)).toHaveLength(24);
    expect(states).toMatchObject({
      '2026-01': 'free',
      '2027-02': 'free',
      '2027-03': 'active',
      '2027-04': 'free',
      '2027-06': 'scheduled',
      '2027-12': 'free',
    });
    expect(await farm.balance()).toBe(3);
  });

  it('asks for confirmation before the current month, and never gives it back', async () => {
    const farm = await newSubscriber(t, 2);
    const unconfirmed = await farm.change({ apply: ['2027-03'] });
    expect(unconfirmed.status).toBe(400);
    expect(await messageOf(unconfirmed)).toBe(m.confirmCurrentMonth);
    expect(await farm.balance()).toBe(2);

    expect((await farm.change({ apply: ['2027-03'], confirmCurrentMonth: true })).status).toBe(200);
    const removed = await farm.change({ remove: ['2027-03'] });
    expect(removed.status).toBe(400);
    expect(await messageOf(removed)).toBe(m.activeMonth);
    expect(await farm.balance()).toBe(1);
  });

  it('refunds a scheduled month taken back, and refuses long-past or unapplied months', async () => {
    const farm = await newSubscriber(t, 2);
    await farm.change({ apply: ['2027-05', '2027-07'] });
    expect(await farm.balance()).toBe(0);
    const back = await farm.change({ remove: ['2027-07'] });
    expect(back.status).toBe(200);
    expect(statesOf(await back.json())['2027-07']).toBe('free');
    expect(await farm.balance()).toBe(1);

    const past = await farm.change({ apply: ['2025-12'], confirmCurrentMonth: true });
    expect(await messageOf(past)).toBe(m.pastMonth);
    const notApplied = await farm.change({ remove: ['2027-08'] });
    expect(await messageOf(notApplied)).toBe(m.notApplied);
    const nextYear = await farm.change({ apply: ['2028-01'] });
    expect(await messageOf(nextYear)).toBe(m.beyondGrid);
    expect(await farm.balance()).toBe(1);
  });

  it('refuses to spend credits the wallet does not hold, all or nothing', async () => {
    const farm = await newSubscriber(t, 1);
    const response = await farm.change({ apply: ['2027-04', '2027-05'] });
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(m.notEnoughCredits);
    expect(statesOf(await farm.grid())['2027-04']).toBe('free');
    expect(await farm.balance()).toBe(1);
  });

  it('never goes below zero under parallel applies, and loses nothing', async () => {
    const farm = await newSubscriber(t, 3);
    const months = ['04', '05', '06', '07', '08', '09', '10', '11', '12'].map((mm) => `2027-${mm}`);
    const responses = await Promise.all(months.map((month) => farm.change({ apply: [month] })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409]);
    expect(await farm.balance()).toBe(0);
    expect(await ledgerSum(farm.orgId)).toBe(0);
    const scheduled = Object.values(statesOf(await farm.grid())).filter((s) => s === 'scheduled');
    expect(scheduled).toHaveLength(3);
  });

  it('refunds scheduled months, not active ones, when the baler is removed', async () => {
    const farm = await newSubscriber(t, 4);
    await farm.change({ apply: ['2027-03', '2027-09', '2027-10'], confirmCurrentMonth: true });
    expect(await farm.balance()).toBe(1);
    expect((await farm.call('DELETE', `/machines/${farm.baler.id}`)).status).toBe(204);
    expect(await farm.balance()).toBe(3);
    const kinds = await t.ctx.db
      .selectFrom('creditLedger')
      .select(['kind', 'note'])
      .where('orgId', '=', farm.orgId)
      .where('kind', '=', 'refund')
      .execute();
    expect(kinds).toEqual([
      { kind: 'refund', note: 'Baler removed' },
      { kind: 'refund', note: 'Baler removed' },
    ]);
  });
});

describe('who may change subscriptions', () => {
  it('lets a manager look but not change, with the owner-only message', async () => {
    const farm = await newSubscriber(t, 2);
    const email = `hand-${farm.orgId.slice(0, 8)}@example.com`;
    await createPoolUser(t.ctx, {
      orgId: farm.orgId,
      email,
      name: 'Farm Hand',
      password: 'Temporary-pw1',
      groups: ['AccountsManager'],
      status: 'FORCE_CHANGE_PASSWORD',
    });
    const hand = (await acceptInvite(t, email, 'Own-password9', 'Temporary-pw1')).IdToken;
    expect(
      (await farm.call('GET', `/subscriptions/${farm.baler.id}`, undefined, hand)).status,
    ).toBe(200);
    expect((await farm.call('GET', '/wallet', undefined, hand)).status).toBe(200);
    const refused = await farm.call(
      'POST',
      `/subscriptions/${farm.baler.id}`,
      { apply: ['2027-05'] },
      hand,
    );
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(messages.roles.ownerOnlySubscriptions);
    const checkout = await farm.call('POST', '/stripe/checkout?quantity=1', undefined, hand);
    expect(checkout.status).toBe(403);
    expect(await farm.balance()).toBe(2);
  });

  it("never reaches another organization's baler or wallet", async () => {
    const farm = await newSubscriber(t, 2);
    const neighbour = await newSubscriber(t, 7);
    expect((await farm.call('GET', `/subscriptions/${neighbour.baler.id}`)).status).toBe(404);
    const spend = await farm.change({ apply: ['2027-05'] }, neighbour.baler.id);
    expect(spend.status).toBe(404);
    expect(await farm.balance()).toBe(2);
    expect(await neighbour.balance()).toBe(7);
    expect(statesOf(await neighbour.grid())['2027-05']).toBe('free');
  });

  it('lets only a SuperAdmin grant credits, in a ledger row naming who', async () => {
    const farm = await newSubscriber(t);
    const grant = { credits: 5, note: 'Welcome' };
    expect((await farm.call('POST', '/wallet/grants', grant)).status).toBe(403);
    expect(await farm.balance()).toBe(0);
  });
});

describe('a late subscriber', () => {
  it("applies a month that is over, after confirming, and that month's locked bales show", async () => {
    const farm = await newSubscriber(t, 1);
    // Baled last August, before the grower subscribed: kept, locked.
    const bale = newBale({ creationTime: '2026-08-14T15:00:00Z', updateTime: null });
    await ingest(t, farm.baler.apiKey, [bale]);
    const uids = async () => {
      const response = await fetch(`${t.url}/data-api/bales/all`, {
        headers: { authorization: farm.token },
      });
      return ((await response.json()) as { bales: { uid: string }[] }).bales.map((b) => b.uid);
    };
    expect(await uids()).toEqual([]);

    const unconfirmed = await farm.change({ apply: ['2026-08'] });
    expect(unconfirmed.status).toBe(400);
    expect(await messageOf(unconfirmed)).toBe(m.confirmCurrentMonth);
    const applied = await farm.change({ apply: ['2026-08'], confirmCurrentMonth: true });
    expect(applied.status).toBe(200);
    expect(statesOf(await applied.json())['2026-08']).toBe('active');
    expect(await farm.balance()).toBe(0);
    expect(await uids()).toEqual([bale.uid]);
    // Its credit is spent: the month cannot be taken back.
    expect(await messageOf(await farm.change({ remove: ['2026-08'] }))).toBe(m.activeMonth);
  });

  it("reaches back to the start of the organization's previous crop year", async () => {
    const farm = await newSubscriber(t, 1);
    const settings = { rfvEnabled: true, measurementSystem: 'ImperialUS', cropYearStartMonth: 9 };
    expect((await farm.call('PUT', '/user/organization/settings', settings)).status).toBe(200);
    // In March 2027 the crop year is the one begun in September 2026; the one before began in
    // September 2025, so the grid shows 2025 whole, its first eight months past.
    const states = statesOf(await farm.grid());
    expect(Object.keys(states)).toHaveLength(36);
    expect(states).toMatchObject({ '2025-08': 'past', '2025-09': 'free', '2027-12': 'free' });
    const tooOld = await farm.change({ apply: ['2025-08'], confirmCurrentMonth: true });
    expect(await messageOf(tooOld)).toBe(m.pastMonth);
    const applied = await farm.change({ apply: ['2025-09'], confirmCurrentMonth: true });
    expect(statesOf(await applied.json())['2025-09']).toBe('active');
  });
});

describe('a month boundary', () => {
  it('turns scheduled months active at their start, and their locked bales show', async () => {
    const clock = await startTestApp({ startAt: '2027-04-30T23:58:00Z' });
    try {
      const farm = await newSubscriber(clock, 1);
      expect((await farm.change({ apply: ['2027-05'] })).status).toBe(200);
      // The baler's clock is a minute ahead: a bale made in May while May is still scheduled.
      const bale = newBale({ creationTime: '2027-05-01T00:00:30Z', updateTime: null });
      await ingest(clock, farm.baler.apiKey, [bale]);
      const dataApi = (path: string) =>
        fetch(`${clock.url}/data-api${path}`, { headers: { authorization: farm.token } });
      const uids = async () =>
        ((await (await dataApi('/bales/all')).json()) as { bales: { uid: string }[] }).bales.map(
          (b) => b.uid,
        );
      expect(await uids()).toEqual([]);
      expect(await rollOverMonths(clock.ctx)).toMatchObject({ activated: 0 });

      clock.advance(3 * 60_000);
      expect(await rollOverMonths(clock.ctx)).toMatchObject({ activated: 1 });
      expect(statesOf(await farm.grid())['2027-05']).toBe('active');
      expect(await uids()).toEqual([bale.uid]);
    } finally {
      await clock.close();
    }
  });

  it('auto-renews from the wallet, and mails the owner once when it is empty', async () => {
    const clock = await startTestApp({ startAt: '2027-05-20T10:00:00Z' });
    try {
      const funded = await newSubscriber(clock, 1);
      const dry = await newSubscriber(clock, 0);
      for (const farm of [funded, dry]) {
        expect((await farm.change({ autoRenew: true })).status).toBe(200);
        expect((await farm.grid()).autoRenew).toBe(true);
      }
      // Switched on in May: May itself is not renewed (that would need confirmation).
      expect(await rollOverMonths(clock.ctx)).toEqual({ activated: 0, renewed: 0, notified: 0 });

      clock.advance(12 * 86_400_000);
      await Promise.all([funded.signInAgain(), dry.signInAgain()]);
      const june = await rollOverMonths(clock.ctx);
      expect(june).toEqual({ activated: 0, renewed: 1, notified: 1 });
      expect(statesOf(await funded.grid())['2027-06']).toBe('active');
      expect(await funded.balance()).toBe(0);
      expect(statesOf(await dry.grid())['2027-06']).toBe('free');
      // The next sweeps of the month neither renew twice nor mail again.
      expect(await rollOverMonths(clock.ctx)).toEqual({ activated: 0, renewed: 0, notified: 0 });
      const mails = await clock.ctx.db
        .selectFrom('outbox')
        .select(['recipient', 'subject'])
        .where('recipient', 'in', [funded.email, dry.email])
        .execute();
      expect(mails).toEqual([
        { recipient: dry.email, subject: expect.stringContaining('not renewed for 2027-06') },
      ]);
    } finally {
      await clock.close();
    }
  });
});
