import { balerValidationSchema, balerWithKeySchema } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest, newBale, newBaler, newVin } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  countBalers,
  errorOf,
  knownVin,
  signedInOwner,
  signedInSubUser,
} from './machines-fixtures.ts';

// Registering a baler by VIN (POST /machines) and asking first (GET /machines/validate): the
// connectivity provider must know the VIN under the owner's email, and the VIN must be free.

let t: TestApp;
beforeAll(async () => {
  // The operator's registry vouches for VINs and their ACM email (BALER_PROVIDER=registry).
  t = await startTestApp({ env: { BALER_PROVIDER: 'registry' } });
});
afterAll(() => t.close());

describe('POST /machines', () => {
  it('registers a known VIN under the owner email and shows its ingest key once', async () => {
    const owner = await signedInOwner(t);
    const vin = await knownVin(t, owner.email.toUpperCase(), {
      acmExpiry: '2027-03-31T00:00:00Z',
    });
    const response = await owner.call('POST', '/machines', {
      body: { vin: ` ${vin.toLowerCase()} `, name: ' Big square ' },
    });
    expect(response.status).toBe(201);
    const { baler, apiKey } = balerWithKeySchema.parse(await response.json());
    expect(baler).toEqual({
      id: expect.any(String),
      name: 'Big square',
      vin,
      active: true,
      acmStatus: 'Active',
      autoRenew: false,
      acmExpiry: '2027-03-31T00:00:00.000Z',
      subscriptionExpiry: null,
      authorizedEmails: [],
    });
    // The key works at once and is never shown again.
    expect((await ingest(t, apiKey, [newBale()])).created).toBe(1);
    const again = await owner.call('GET', `/machines/${baler.id}`);
    expect(await again.text()).not.toContain(apiKey);
    const stored = await t.ctx.db
      .selectFrom('balers')
      .select('apiKeyHash')
      .where('id', '=', baler.id)
      .executeTakeFirstOrThrow();
    expect(stored.apiKeyHash).not.toBe(apiKey);
  });

  it('refuses a VIN already registered to the same account', async () => {
    const owner = await signedInOwner(t);
    const vin = await knownVin(t, owner.email);
    await newBaler(t.ctx, owner.orgId, { vin });
    const response = await owner.call('POST', '/machines', { body: { vin, name: 'Twice' } });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This VIN is already registered to your account.',
    });
    expect(await countBalers(t, owner.orgId)).toBe(1);
  });

  it('refuses a VIN registered to another account', async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    const vin = await knownVin(t, owner.email);
    await newBaler(t.ctx, other.orgId, { vin });
    const response = await owner.call('POST', '/machines', { body: { vin, name: 'Mine' } });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      'This VIN is registered to another account. Please contact the previous owner or ' +
        'Baletrack support.',
    );
    expect(await countBalers(t, owner.orgId)).toBe(0);
  });

  it('refuses a baler whose ACM subscription runs under someone else', async () => {
    const owner = await signedInOwner(t);
    const vin = await knownVin(t, 'neighbour@example.com');
    const response = await owner.call('POST', '/machines', { body: { vin, name: 'Not mine' } });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(
      'You are not authorized to make changes to this baler. Its ACM subscription must be ' +
        'under your account email or an authorized email.',
    );
    expect(await countBalers(t, owner.orgId)).toBe(0);
  });

  it.each([
    ['unknown to the provider', async () => newVin()],
    [
      'known but not registered with the provider',
      async (email: string) => knownVin(t, email, { registered: false }),
    ],
  ])('refuses a VIN %s', async (_, vinFor) => {
    const owner = await signedInOwner(t);
    const vin = await vinFor(owner.email);
    const response = await owner.call('POST', '/machines', { body: { vin, name: 'Ghost' } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(
      'Failed to register baler. Check to ensure that the VIN is correct and that the baler is ' +
        'registered with the equipment connectivity provider.',
    );
    expect(await countBalers(t, owner.orgId)).toBe(0);
  });

  it.each([
    [{ vin: 'SHORT', name: 'X' }, 'vin', messages.baler.vinInvalid],
    [{ vin: 'AGC1234567890ABCO', name: 'X' }, 'vin', messages.baler.vinInvalid],
    [{ vin: newVin(), name: '  ' }, 'name', messages.validation.nameRequired],
  ])('refuses %j with 400 and stores nothing', async (body, path, message) => {
    const owner = await signedInOwner(t);
    const response = await owner.call('POST', '/machines', { body });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.issues).toContainEqual({ path, message });
    expect(await countBalers(t, owner.orgId)).toBe(0);
  });

  it('lets a SuperAdmin register for the organization it acts on, under its owner email', async () => {
    const owner = await signedInOwner(t);
    const admin = await signedInOwner(t, ['SuperAdmins']);
    const vin = await knownVin(t, owner.email);
    const headers = { 'x-organization-id': owner.orgId };
    const response = await admin.call('POST', '/machines', {
      body: { vin, name: 'By admin' },
      headers,
    });
    expect(response.status).toBe(201);
    expect(await countBalers(t, owner.orgId)).toBe(1);
    expect(await countBalers(t, admin.orgId)).toBe(0);
  });

  it("refuses sub-users with the spec's owner-only message", async () => {
    const owner = await signedInOwner(t);
    const hand = await signedInSubUser(t, owner.orgId);
    const vin = await knownVin(t, owner.email);
    for (const [method, path, options] of [
      ['POST', '/machines', { body: { vin, name: 'Hand baler' } }],
      ['GET', '/machines/validate', { query: { vin } }],
    ] as const) {
      const response = await hand.call(method, path, options);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe('Only the account owner can modify balers.');
    }
    expect(await countBalers(t, owner.orgId)).toBe(0);
  });
});

describe('GET /machines/validate', () => {
  it('says what registration would say without registering', async () => {
    const owner = await signedInOwner(t);
    const vin = await knownVin(t, owner.email, { acmStatus: 'Expired' });
    const ok = await owner.call('GET', '/machines/validate', { query: { vin: vin.toLowerCase() } });
    expect(ok.status).toBe(200);
    expect(balerValidationSchema.parse(await ok.json())).toEqual({
      vin,
      acmStatus: 'Expired',
      acmExpiry: null,
    });
    expect(await countBalers(t, owner.orgId)).toBe(0);

    await newBaler(t.ctx, owner.orgId, { vin });
    const taken = await owner.call('GET', '/machines/validate', { query: { vin } });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe(messages.baler.vinAlreadyRegistered);

    const foreign = await knownVin(t, 'neighbour@example.com');
    const notMine = await owner.call('GET', '/machines/validate', { query: { vin: foreign } });
    expect(notMine.status).toBe(403);
    expect((await errorOf(notMine)).message).toBe(messages.baler.notAuthorized);

    const unknown = await owner.call('GET', '/machines/validate', { query: { vin: newVin() } });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(messages.baler.registerFailed);

    const bad = await owner.call('GET', '/machines/validate', { query: { vin: 'nope' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(messages.baler.vinInvalid);
  });
});
