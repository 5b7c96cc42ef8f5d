import {
  balerListSchema,
  balerSchema,
  balerWithKeySchema,
} from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubscriptionMonths } from '../../src/features/subscriptions/subscription-months.repository.ts';
import { ingest, newBale, newBaler, postIngest } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';
import { errorOf, knownVin, signedInOwner, signedInSubUser } from './machines-fixtures.ts';

// Reading, renaming, switching, re-keying and deleting balers, and who may do which.

let t: TestApp;
beforeAll(async () => {
  // The operator's registry vouches for VINs and their ACM email (BALER_PROVIDER=registry).
  t = await startTestApp({ env: { BALER_PROVIDER: 'registry' } });
});
afterAll(() => t.close());

const unknownId = '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d';

describe('GET /machines and /machines/{id}', () => {
  it('lists the balers with ACM and subscription dates, to the owner and sub-users', async () => {
    const owner = await signedInOwner(t);
    const vin = await knownVin(t, owner.email, { acmExpiry: '2026-12-31T00:00:00Z' });
    const square = await newBaler(t.ctx, owner.orgId, { name: 'A square', vin });
    const round = await newBaler(t.ctx, owner.orgId, { name: 'B round', activeMonths: [] });
    // The last active or scheduled month ends the subscription.
    await insertSubscriptionMonths(t.ctx.db, owner.orgId, [
      { balerId: square.id, month: '2026-02-01', status: 'scheduled' },
    ]);
    const hand = await signedInSubUser(t, owner.orgId);
    for (const reader of [owner, hand]) {
      const response = await reader.call('GET', '/machines');
      expect(response.status).toBe(200);
      expect(balerListSchema.parse(await response.json()).balers).toEqual([
        {
          id: square.id,
          name: 'A square',
          vin,
          active: true,
          acmStatus: 'Active',
          autoRenew: false,
          acmExpiry: '2026-12-31T00:00:00.000Z',
          subscriptionExpiry: '2026-02-28T23:59:59.000Z',
          authorizedEmails: [],
        },
        expect.objectContaining({
          id: round.id,
          name: 'B round',
          acmStatus: 'Unknown',
          acmExpiry: null,
          subscriptionExpiry: null,
        }),
      ]);
      const one = await reader.call('GET', `/machines/${round.id}`);
      expect(balerSchema.parse(await one.json()).name).toBe('B round');
    }
  });

  it('answers an organization without balers with an empty list (the web says why)', async () => {
    const owner = await signedInOwner(t);
    const response = await owner.call('GET', '/machines');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ balers: [] });
  });

  it("answers 404 for another organization's baler and an unknown id, 400 for a bad id", async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    const theirs = await newBaler(t.ctx, other.orgId);
    for (const [method, path, query] of [
      ['GET', `/machines/${theirs.id}`, undefined],
      ['DELETE', `/machines/${theirs.id}`, undefined],
      ['PUT', '/machines/rename', { id: theirs.id, name: 'Stolen' }],
      ['PUT', `/machines/${theirs.id}/active`, { active: 'false' }],
      ['POST', `/machines/${theirs.id}/rotate-key`, undefined],
      ['GET', `/machines/${unknownId}`, undefined],
    ] as const) {
      const response = await owner.call(method, path, { query });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(response)).message).toBe(messages.baler.notFound);
    }
    const stored = await t.ctx.db
      .selectFrom('balers')
      .selectAll()
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Test Baler', active: true, deletedAt: null });
    expect((await ingest(t, theirs.apiKey, [newBale()])).created).toBe(1);
    const bad = await owner.call('GET', '/machines/not-a-uuid');
    expect(bad.status).toBe(400);
  });
});

describe('changing a baler', () => {
  it('renames it, and refuses an empty name', async () => {
    const owner = await signedInOwner(t);
    const baler = await newBaler(t.ctx, owner.orgId, { name: 'Old' });
    const renamed = await owner.call('PUT', '/machines/rename', {
      query: { id: baler.id, name: ' New name ' },
    });
    expect(renamed.status).toBe(200);
    expect(balerSchema.parse(await renamed.json())).toMatchObject({ name: 'New name' });
    const empty = await owner.call('PUT', '/machines/rename', {
      query: { id: baler.id, name: '' },
    });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe(messages.validation.nameRequired);
    const one = await owner.call('GET', `/machines/${baler.id}`);
    expect(balerSchema.parse(await one.json()).name).toBe('New name');
  });

  it('switches it off (ingest refused) and on again (ingest accepted)', async () => {
    const owner = await signedInOwner(t);
    const baler = await newBaler(t.ctx, owner.orgId);
    const off = await owner.call('PUT', `/machines/${baler.id}/active`, {
      query: { active: 'false' },
    });
    expect(off.status).toBe(200);
    expect(balerSchema.parse(await off.json()).active).toBe(false);
    const refused = await postIngest(t, baler.apiKey, { bales: [newBale()] });
    expect(refused.status).toBe(401);
    const bad = await owner.call('PUT', `/machines/${baler.id}/active`, {
      query: { active: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(messages.baler.activeInvalid);
    const on = await owner.call('PUT', `/machines/${baler.id}/active`, {
      query: { active: 'true' },
    });
    expect(balerSchema.parse(await on.json()).active).toBe(true);
    expect((await ingest(t, baler.apiKey, [newBale()])).created).toBe(1);
  });

  it('rotates its ingest key: the old one is refused at once, the new one accepted', async () => {
    const owner = await signedInOwner(t);
    const baler = await newBaler(t.ctx, owner.orgId);
    const response = await owner.call('POST', `/machines/${baler.id}/rotate-key`);
    expect(response.status).toBe(200);
    const rotated = balerWithKeySchema.parse(await response.json());
    expect(rotated.baler.id).toBe(baler.id);
    expect(rotated.apiKey).not.toBe(baler.apiKey);
    expect((await postIngest(t, baler.apiKey, { bales: [newBale()] })).status).toBe(401);
    expect((await ingest(t, rotated.apiKey, [newBale()])).created).toBe(1);
  });

  it('deletes it: key refused, bales kept and visible as before, VIN free again', async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    const vin = await knownVin(t, other.email);
    const baler = await newBaler(t.ctx, owner.orgId, { vin });
    await insertSubscriptionMonths(t.ctx.db, owner.orgId, [
      { balerId: baler.id, month: '2030-01-01', status: 'scheduled' },
    ]);
    const bale = newBale();
    await ingest(t, baler.apiKey, [bale]);

    const response = await owner.call('DELETE', `/machines/${baler.id}`);
    expect(response.status).toBe(204);
    expect((await owner.call('GET', `/machines/${baler.id}`)).status).toBe(404);
    expect(await (await owner.call('GET', '/machines')).json()).toEqual({ balers: [] });
    expect((await owner.call('DELETE', `/machines/${baler.id}`)).status).toBe(404);
    expect((await postIngest(t, baler.apiKey, { bales: [newBale()] })).status).toBe(401);

    // The bale (made in an active month) is still there and shown.
    const info = await apiCall(t, owner.token, 'GET', '/data-api/bale-info/get', {
      query: { uid: bale.uid },
    });
    expect(info.status).toBe(200);
    const months = await t.ctx.db
      .selectFrom('balerSubscriptionMonths')
      .select(['month', 'status'])
      .where('balerId', '=', baler.id)
      .execute();
    expect(months.map((m) => m.status)).toEqual(['active']);
    const bales = await t.ctx.db
      .selectFrom('bales')
      .select('uid')
      .where('balerId', '=', baler.id)
      .execute();
    expect(bales.map((b) => b.uid)).toEqual([bale.uid]);

    // Sold on: the new owner registers the VIN.
    const registered = await other.call('POST', '/machines', { body: { vin, name: 'Bought' } });
    expect(registered.status).toBe(201);
  });

  it('is refused to sub-users with the owner-only message, changing nothing', async () => {
    const owner = await signedInOwner(t);
    const baler = await newBaler(t.ctx, owner.orgId, { name: 'Kept' });
    const hand = await signedInSubUser(t, owner.orgId);
    for (const [method, path, query] of [
      ['PUT', '/machines/rename', { id: baler.id, name: 'Hand named' }],
      ['PUT', `/machines/${baler.id}/active`, { active: 'false' }],
      ['POST', `/machines/${baler.id}/rotate-key`, undefined],
      ['DELETE', `/machines/${baler.id}`, undefined],
    ] as const) {
      const response = await hand.call(method, path, { query });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(response)).message).toBe(messages.roles.ownerOnlyBalers);
    }
    const after = await owner.call('GET', `/machines/${baler.id}`);
    expect(await after.json()).toMatchObject({ name: 'Kept', active: true });
    expect((await ingest(t, baler.apiKey, [newBale()])).created).toBe(1);
  });
});
