import { balerWithKeySchema } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateBaledMonths } from '../../src/features/subscriptions/month-rollover.service.ts';
import { ingest, newBale, newBaler } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { messageOf, newSubscriber, statesOf } from './subscription-helpers.ts';

describe('a server with billing off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ startAt: '2027-03-10T12:00:00Z', env: { BILLING: 'off' } });
  });
  afterAll(() => t.close());

  it('shows every bale of every month, and says billing is off', async () => {
    const farm = await newSubscriber(t);
    const bales = ['2025-06-10T10:00:00Z', '2026-09-01T10:00:00Z', '2027-03-09T10:00:00Z'].map(
      (creationTime) => newBale({ creationTime, updateTime: null }),
    );
    await ingest(t, farm.baler.apiKey, bales);
    const response = await fetch(`${t.url}/data-api/bales/all`, {
      headers: { authorization: farm.token },
    });
    const { bales: shown } = (await response.json()) as { bales: { uid: string }[] };
    expect(shown.map((b) => b.uid).sort()).toEqual(bales.map((b) => b.uid).sort());
    expect(Object.values(statesOf(await farm.grid())).every((s) => s === 'active')).toBe(true);
    const change = await farm.change({ apply: ['2027-05'] });
    expect(change.status).toBe(409);
    expect(await messageOf(change)).toBe(messages.subscriptions.billingOff);
    const pricing = await (await farm.call('GET', '/subscriptions/pricing')).json();
    expect(pricing).toMatchObject({ billing: 'off' });
  });

  it('unlocks bales stored while billing was on, when the server starts', async () => {
    const farm = await newSubscriber(t);
    const other = await newBaler(t.ctx, farm.orgId, { activeMonths: [] });
    // Written straight to the table, as bales from before the switch would be: no month yet.
    const bale = newBale({ creationTime: '2026-12-24T10:00:00Z', updateTime: null });
    await ingest(t, other.apiKey, [bale]);
    await t.ctx.db.deleteFrom('balerSubscriptionMonths').where('orgId', '=', farm.orgId).execute();
    const locked = await fetch(
      `${t.url}/data-api/clusters/get?west=-180&south=-90&east=180&north=90&zoom=3`,
      {
        headers: { authorization: farm.token },
      },
    );
    expect(((await locked.json()) as { lockedCount: number }).lockedCount).toBe(1);
    await activateBaledMonths(t.ctx);
    const unlocked = await fetch(
      `${t.url}/data-api/clusters/get?west=-180&south=-90&east=180&north=90&zoom=3`,
      {
        headers: { authorization: farm.token },
      },
    );
    expect(((await unlocked.json()) as { lockedCount: number }).lockedCount).toBe(0);
  });
});

describe("a farm's own server (BALER_PROVIDER=vin-check, the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('registers any well-formed VIN, saying no provider checked it', async () => {
    const farm = await newSubscriber(t);
    const vin = '1M8GDM9AXKP042788';
    const checked = await farm.call('GET', `/machines/validate?vin=${vin}`);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ vin, acmStatus: 'NotChecked', acmExpiry: null });
    const registered = await farm.call('POST', '/machines', { vin, name: 'Our Baler' });
    expect(registered.status).toBe(201);
    const { baler } = balerWithKeySchema.parse(await registered.json());
    expect(baler).toMatchObject({ vin, acmStatus: 'NotChecked', autoRenew: false });
  });

  it('refuses a VIN whose check digit does not add up, or with a letter VINs never use', async () => {
    const farm = await newSubscriber(t);
    const cases = [
      ['1M8GDM9A1KP042788', messages.baler.vinForm.checkDigitMismatch],
      ['WDB12345IO1234567', messages.baler.vinInvalid],
    ] as const;
    for (const [vin, message] of cases) {
      const response = await farm.call('POST', '/machines', { vin, name: 'Typo Baler' });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(message);
    }
  });

  it("still refuses a VIN another organization holds, with the spec's message", async () => {
    const holder = await newSubscriber(t);
    const vin = 'WMA06XZZ7KM123456';
    expect((await holder.call('POST', '/machines', { vin, name: 'Mine' })).status).toBe(201);
    const farm = await newSubscriber(t);
    const response = await farm.call('POST', '/machines', { vin, name: 'Also mine' });
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(messages.baler.vinRegisteredToAnotherAccount);
  });
});
