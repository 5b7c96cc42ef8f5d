import {
  registryEntryListSchema,
  registryEntrySchema,
} from '@baletrack/contracts/admin/baler-registry';
import { balerListSchema } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signedInOwner } from '../balers/machines-fixtures.ts';
import { newVin } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// SuperAdmins keep the embedded connectivity provider's registry: which VINs it knows, under
// which email their ACM subscription runs, its status and end.

let t: TestApp;
beforeAll(async () => {
  // Registration asks the operator's registry (BALER_PROVIDER=registry).
  t = await startTestApp({ env: { BALER_PROVIDER: 'registry' } });
});
afterAll(() => t.close());

const entry = (acmEmail: string | null) => ({
  registered: true,
  acmEmail,
  acmStatus: 'Active',
  acmExpiry: '2027-12-31T23:59:59Z',
});

describe('/admin/baler-registry', () => {
  it('adds, lists, changes and removes a VIN; registration follows it', async () => {
    const admin = await signedInOwner(t, ['SuperAdmins']);
    const owner = await signedInOwner(t);
    const vin = newVin();

    const added = await admin.call('POST', '/admin/baler-registry', {
      body: { vin: vin.toLowerCase(), ...entry(owner.email.toUpperCase()) },
    });
    expect(added.status).toBe(201);
    expect(registryEntrySchema.parse(await added.json())).toEqual({
      vin,
      ...entry(owner.email),
      acmExpiry: '2027-12-31T23:59:59.000Z',
      registeredTo: null,
    });

    const registered = await owner.call('POST', '/machines', { body: { vin, name: 'Ours' } });
    expect(registered.status).toBe(201);
    const listed = await admin.call('GET', '/admin/baler-registry', { query: { search: vin } });
    const { entries } = registryEntryListSchema.parse(await listed.json());
    expect(entries).toHaveLength(1);
    expect(entries[0]?.registeredTo?.id).toBe(owner.orgId);

    const changed = await admin.call('PUT', `/admin/baler-registry/${vin}`, {
      body: { ...entry('dealer@example.com'), acmStatus: 'Expired', acmExpiry: null },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      acmEmail: 'dealer@example.com',
      acmStatus: 'Expired',
      acmExpiry: null,
    });
    const machines = balerListSchema.parse(await (await owner.call('GET', '/machines')).json());
    expect(machines.balers[0]).toMatchObject({ vin, acmStatus: 'Expired' });

    expect((await admin.call('DELETE', `/admin/baler-registry/${vin}`)).status).toBe(204);
    const after = balerListSchema.parse(await (await owner.call('GET', '/machines')).json());
    expect(after.balers[0]).toMatchObject({ vin, acmStatus: 'Unknown' });
    const unknown = await admin.call('DELETE', `/admin/baler-registry/${vin}`);
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(messages.admin.registryEntryNotFound);
  });

  it('refuses a VIN it knows already, bad input, and changes to an unknown VIN', async () => {
    const admin = await signedInOwner(t, ['SuperAdmins']);
    const vin = newVin();
    await admin.call('POST', '/admin/baler-registry', { body: { vin, ...entry(null) } });
    const twice = await admin.call('POST', '/admin/baler-registry', {
      body: { vin, ...entry(null) },
    });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(messages.admin.registryEntryExists);

    const badVin = await admin.call('POST', '/admin/baler-registry', {
      body: { vin: 'SHORT', ...entry(null) },
    });
    expect((await errorOf(badVin)).message).toBe(messages.baler.vinInvalid);
    const badEmail = await admin.call('PUT', `/admin/baler-registry/${vin}`, {
      body: entry('not-an-email'),
    });
    expect(badEmail.status).toBe(400);
    expect((await errorOf(badEmail)).message).toBe(messages.validation.emailInvalid);
    const badStatus = await admin.call('PUT', `/admin/baler-registry/${vin}`, {
      body: { ...entry(null), acmStatus: 'Lapsed' },
    });
    expect(badStatus.status).toBe(400);
    const missing = await admin.call('PUT', `/admin/baler-registry/${newVin()}`, {
      body: entry(null),
    });
    expect(missing.status).toBe(404);
  });

  it('is for SuperAdmins only', async () => {
    const owner = await signedInOwner(t);
    const vin = newVin();
    for (const [method, path, body] of [
      ['GET', '/admin/baler-registry', undefined],
      ['POST', '/admin/baler-registry', { vin, ...entry(owner.email) }],
      ['PUT', `/admin/baler-registry/${vin}`, entry(owner.email)],
      ['DELETE', `/admin/baler-registry/${vin}`, undefined],
    ] as const) {
      const response = await owner.call(method, path, body ? { body } : {});
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(response)).message).toBe(messages.roles.adminOnly);
    }
    const stored = await t.ctx.db
      .selectFrom('balerRegistry')
      .select('vin')
      .where('vin', '=', vin)
      .execute();
    expect(stored).toEqual([]);
  });
});
