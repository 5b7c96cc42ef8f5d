import { adminOrganizationListSchema } from '@baletrack/contracts/admin/organizations';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signedInOwner, signedInSubUser } from '../balers/machines-fixtures.ts';
import { ingest, newBale, newBaler } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// GET /admin/organizations: the list a SuperAdmin picks an organization to act for from.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = async (caller: Awaited<ReturnType<typeof signedInOwner>>, query = {}) => {
  const response = await caller.call('GET', '/admin/organizations', { query });
  expect(response.status).toBe(200);
  return adminOrganizationListSchema.parse(await response.json());
};

describe('GET /admin/organizations', () => {
  it('lists every organization with its owner and figures', async () => {
    const admin = await signedInOwner(t, ['SuperAdmins']);
    const owner = await signedInOwner(t);
    await signedInSubUser(t, owner.orgId);
    const baler = await newBaler(t.ctx, owner.orgId);
    const deleted = await newBaler(t.ctx, owner.orgId);
    await owner.call('DELETE', `/machines/${deleted.id}`);
    await ingest(t, baler.apiKey, [newBale(), newBale()]);

    const { organizations, total } = await list(admin);
    expect(total).toBe(organizations.length);
    expect(organizations.find((o) => o.id === owner.orgId)).toMatchObject({
      ownerEmail: owner.email,
      userCount: 2,
      balerCount: 1,
      baleCount: 2,
      isDemo: false,
    });
    // The SuperAdmin's own organization has no account owner.
    expect(organizations.find((o) => o.id === admin.orgId)).toMatchObject({
      ownerEmail: null,
      userCount: 1,
      balerCount: 0,
      baleCount: 0,
    });
  });

  it('searches names and emails, any case, and pages', async () => {
    const admin = await signedInOwner(t, ['SuperAdmins']);
    const owner = await signedInOwner(t);
    const byEmail = await list(admin, { search: owner.email.toUpperCase() });
    expect(byEmail.organizations.map((o) => o.id)).toEqual([owner.orgId]);
    const name = byEmail.organizations[0]?.name ?? '';
    const byName = await list(admin, { search: name.slice(2).toLowerCase() });
    expect(byName.organizations.map((o) => o.id)).toContain(owner.orgId);
    // % and _ are letters to search for, not patterns.
    expect((await list(admin, { search: '%' })).total).toBe(0);

    const everyone = await list(admin);
    const page = await list(admin, { limit: '1', offset: '1' });
    expect(page.total).toBe(everyone.total);
    expect(page.organizations.map((o) => o.id)).toEqual([everyone.organizations[1]?.id]);
    const tooMany = await admin.call('GET', '/admin/organizations', { query: { limit: '5000' } });
    expect(tooMany.status).toBe(400);
  });

  it('answers the same when the SuperAdmin acts for an organization', async () => {
    const admin = await signedInOwner(t, ['SuperAdmins']);
    const owner = await signedInOwner(t);
    const acting = await admin.call('GET', '/admin/organizations', {
      headers: { 'x-organization-id': owner.orgId },
    });
    expect(acting.status).toBe(200);
  });

  it("refuses owners and sub-users with 'Only administrators can do this.'", async () => {
    const owner = await signedInOwner(t);
    const hand = await signedInSubUser(t, owner.orgId);
    for (const caller of [owner, hand]) {
      const response = await caller.call('GET', '/admin/organizations');
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe(messages.roles.adminOnly);
    }
  });
});
