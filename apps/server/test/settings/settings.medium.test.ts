import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { defaultSettings, settingsSchema } from '@baletrack/contracts/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof newConfirmedUser>>;
let ownerToken: string;
let subUserToken: string;
let otherOwnerToken: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await newConfirmedUser(t.ctx, { organizationName: 'Settings Farm' });
  ownerToken = (await signIn(t, owner.email, owner.password)).IdToken;
  // A viewer of the same organization (docs/product.md#roles: managers change settings too).
  const email = `sub-${randomUUID().slice(0, 8)}@example.com`;
  await createPoolUser(t.ctx, {
    orgId: owner.orgId,
    email,
    name: 'Hired Hand',
    password: 'Correct-horse1',
    groups: ['AccountsViewer'],
    status: 'CONFIRMED',
  });
  subUserToken = (await signIn(t, email, 'Correct-horse1')).IdToken;
  const other = await newConfirmedUser(t.ctx, { organizationName: 'Other Farm' });
  otherOwnerToken = (await signIn(t, other.email, other.password)).IdToken;
});
afterAll(() => t.close());

const path = '/user-api/user/organization/settings';
const get = (token: string) => fetch(`${t.url}${path}`, { headers: { authorization: token } });
const put = (token: string, body: unknown) =>
  fetch(`${t.url}${path}`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const metric = { rfvEnabled: false, measurementSystem: 'MetricSI', cropYearStartMonth: 4 };

describe('organization settings', () => {
  it('starts from the default settings, readable by everyone in the organization', async () => {
    for (const token of [ownerToken, subUserToken]) {
      const response = await get(token);
      expect(response.status).toBe(200);
      expect(settingsSchema.parse(await response.json())).toEqual(defaultSettings);
    }
  });

  it('refuses a viewer with 403 and changes nothing', async () => {
    const response = await put(subUserToken, metric);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: messages.roles.viewerReadOnly,
    });
    expect(await (await get(ownerToken)).json()).toEqual(defaultSettings);
  });

  it('refuses bad values with 400 and keeps the stored settings', async () => {
    for (const body of [
      { ...metric, cropYearStartMonth: 13 },
      { ...metric, cropYearStartMonth: 0 },
      { ...metric, measurementSystem: 'Metric' },
      { ...metric, rfvEnabled: 'yes' },
      { rfvEnabled: true },
    ]) {
      const response = await put(ownerToken, body);
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('VALIDATION_FAILED');
    }
    const month = await put(ownerToken, { ...metric, cropYearStartMonth: 13 });
    expect(apiErrorSchema.parse(await month.json()).message).toBe(
      'The crop year start month must be between 1 (January) and 12 (December).',
    );
    expect(await (await get(ownerToken)).json()).toEqual(defaultSettings);
  });

  it("applies the owner's change for everyone in the organization, and only there", async () => {
    const response = await put(ownerToken, metric);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(metric);
    expect(await (await get(subUserToken)).json()).toEqual(metric);
    expect(await (await get(otherOwnerToken)).json()).toEqual(defaultSettings);
  });

  it('refuses a call without a token', async () => {
    expect((await fetch(`${t.url}${path}`)).status).toBe(401);
  });
});
