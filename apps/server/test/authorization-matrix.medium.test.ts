import { randomUUID } from 'node:crypto';
import { messages } from '@baletrack/contracts/errors/messages';
import { fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizationFixtures,
  authorizationFixtures,
  type Caller,
  callers,
} from './helpers/authorization-fixtures.ts';
import { newVin, registryFields, square } from './helpers/farm.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { apiCall, type CallOptions } from './helpers/user-api.ts';

// Who may call what, over every API 1 and API 2 endpoint: one row per endpoint, one column per
// caller, the three roles first (docs/product.md#roles). A new endpoint adds its row (the last
// test fails until it does). Every body is also searched for the data of an organization the
// caller does not act on, and a viewer's refusal is checked against the manager's.

type Statuses = [
  owner: number,
  manager: number,
  viewer: number,
  disabledUser: number,
  otherOwner: number,
  admin: number,
  adminActing: number,
  noToken: number,
  expiredToken: number,
  badSignature: number,
];
type Row = [
  method: string,
  path: string,
  statuses: Statuses,
  /**
   * Query, body and path parameters (`{id}`); called once per caller, so calls that change data
   * get fresh targets.
   */
  request?: (f: AuthorizationFixtures) => Call | Promise<Call>,
];
type Call = CallOptions & { params?: Record<string, string> };

const view = { west: -121, south: 46, east: -120, north: 47 };
const q = (query: Record<string, unknown>) => ({
  query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
});
const home = (f: AuthorizationFixtures) => f.home;
const target = async (f: AuthorizationFixtures) => q({ id: (await f.newHomeUser()).id });
/** A heatmap query on the home farm's field, which another organization must not see. */
const homeHeatmap = async (f: AuthorizationFixtures) => {
  const response = await apiCall(t, f.home.token, 'GET', '/data-api/fields');
  const [field] = fieldsResponseSchema.parse(await response.json()).fields;
  return q({ fieldId: field?.id, measure: 'AvgMoisture' });
};
const newEmail = () => `invitee-${Math.random().toString(36).slice(2)}@example.com`;
/**
 * A name no other call uses (names of fields, crops and filters are unique in an organization),
 * naming no organization: another organization's caller sees it echoed back.
 */
const newName = (kind: string) => `Matrix ${kind} ${Math.random().toString(36).slice(2, 8)}`;
const fieldBody = () => ({
  body: { name: newName('Field'), sizeHectares: null, boundary: square(-121.6, 45.4) },
});
const cuttingBody = () => ({
  body: {
    name: newName('Cutting'),
    startDate: '2025-08-01',
    endDate: '2025-08-05',
    fieldIds: [],
    cropId: null,
    year: 2025,
  },
});
const reportBody = (filterId: string) => ({
  filterId,
  frequency: 'weekly',
  timezone: 'UTC',
  units: 'Metric',
  includeCuttingless: true,
  recipients: ['matrix-reader@example.com'],
});
/** An automated report of the home farm, set up by its owner. */
const newHomeReport = async (f: AuthorizationFixtures) => {
  const filter = await f.newHomeFilter();
  const response = await apiCall(t, f.home.token, 'POST', '/data-api/autoreport/settings', {
    body: reportBody(filter.id),
  });
  return (await response.json()) as { id: string; filterId: string };
};
const filterBody = () => ({ body: { ...emptyFilter, name: newName('Filter') } });
/** A fresh open load of the home farm, made by its owner. */
const newHomeLoad = async (f: AuthorizationFixtures) => {
  const response = await apiCall(t, f.home.token, 'POST', '/data-api/loads', {
    body: { name: newName('Load') },
  });
  return (await response.json()) as { id: string };
};
/** A fresh buyer's link of a fresh home load. */
const newHomeLoadLink = async (f: AuthorizationFixtures) => {
  const load = await newHomeLoad(f);
  const response = await apiCall(t, f.home.token, 'POST', `/data-api/loads/${load.id}/links`, {
    body: { days: 7, showFarmName: false },
  });
  return { id: load.id, linkId: ((await response.json()) as { id: string }).id };
};

// Columns: owner, manager, viewer, disabled manager, other org's owner, SuperAdmin without and
// with X-Organization-Id (acting on the owner's organization), no token, expired, bad signature.
const ALL_READ: Statuses = [200, 200, 200, 401, 200, 200, 200, 401, 401, 401];
/** Anyone of the organization creates one (in the organization the caller acts on). */
const ALL_CREATE: Statuses = [201, 201, 201, 401, 201, 201, 201, 401, 401, 401];
/** Owners and managers create farm data; a viewer changes nothing. */
const FARM_CREATE: Statuses = [201, 201, 403, 401, 201, 201, 201, 401, 401, 401];
const OWN_THING: Statuses = [200, 200, 200, 401, 404, 404, 200, 401, 401, 401];
/** Owners and managers change the organization's farm data. */
const FARM_CHANGE: Statuses = [200, 200, 403, 401, 404, 404, 200, 401, 401, 401];
/** Owners and managers delete the organization's farm data. */
const FARM_DELETE: Statuses = [204, 204, 403, 401, 404, 404, 204, 401, 401, 401];
/** The owner's (another owner and a SuperAdmin on its own see their own organization's). */
const OWNER_READ: Statuses = [200, 403, 403, 401, 200, 200, 200, 401, 401, 401];
/** Owners and managers (automated reports, settings), on the organization they act on. */
const MANAGERS: Statuses = [200, 200, 403, 401, 200, 200, 200, 401, 401, 401];
const OWNER_CHANGE: Statuses = [200, 403, 403, 401, 404, 404, 200, 401, 401, 401];
const PUBLIC: Statuses = [201, 201, 201, 201, 201, 201, 201, 201, 201, 201];
const ADMIN_ONLY: Statuses = [403, 403, 403, 401, 403, 200, 200, 401, 401, 401];

const matrix: Row[] = [
  // API 1 (data API)
  ['GET', '/data-api/clusters/get', ALL_READ, () => q({ ...view, zoom: 10 })],
  [
    'GET',
    '/data-api/cluster-tree/get',
    [404, 404, 404, 401, 404, 404, 404, 401, 401, 401],
    () => q({ clusterId: 999_999 }),
  ],
  ['GET', '/data-api/stacks/get', ALL_READ],
  ['GET', '/data-api/stack-info/get', OWN_THING, (f) => q({ stackId: home(f).stackId })],
  ['GET', '/data-api/bales-stacks', ALL_READ],
  ['GET', '/data-api/bales/get', ALL_READ, () => q(view)],
  ['GET', '/data-api/bales/all', ALL_READ],
  ['GET', '/data-api/bales/all-paginated', ALL_READ],
  ['GET', '/data-api/bale-info/get', OWN_THING, (f) => q({ uid: home(f).baleUid })],
  ['GET', '/data-api/available-years', ALL_READ],
  ['GET', '/data-api/balers/active-bales', ALL_READ],
  ['GET', '/data-api/bales/summary', ALL_READ],
  ['GET', '/data-api/bales/summary/active', ALL_READ],
  ['GET', '/data-api/bales/summarygroupby', ALL_READ, () => q({ by: 'field' })],
  ['GET', '/data-api/heatmap/overlay', OWN_THING, homeHeatmap],
  ['GET', '/data-api/heatmap/icon', OWN_THING, homeHeatmap],
  ['GET', '/data-api/bales/heatmap/get', OWN_THING, homeHeatmap],
  ['GET', '/data-api/bales/heatmap/input', OWN_THING, homeHeatmap],
  ['GET', '/data-api/heat-risk', ALL_READ],
  ['GET', '/data-api/heat-risk/recipients', OWNER_READ],
  [
    'PUT',
    '/data-api/heat-risk/recipients',
    OWNER_CHANGE,
    async (f) => ({ body: { userIds: [(await f.newHomeUser()).id] } }),
  ],
  ['GET', '/data-api/inventory/prices', ALL_READ],
  [
    'POST',
    '/data-api/inventory/prices',
    FARM_CREATE,
    () => ({
      body: {
        grade: 'legume.Good',
        price: 200,
        premiumPerRfvPoint: null,
        effectiveFrom: '2025-06-01',
      },
    }),
  ],
  ['GET', '/data-api/inventory/value', ALL_READ, () => q({ asOf: '2025-09-01' })],
  ['GET', '/data-api/yield', ALL_READ, () => q({ year: 2025 })],
  ['GET', '/data-api/yield/csv', ALL_READ, () => q({ year: 2025 })],
  ['GET', '/data-api/inventory/stack', OWN_THING, (f) => q({ stackId: home(f).stackId })],
  [
    'POST',
    '/data-api/bales/manual-scan',
    [200, 200, 403, 401, 200, 200, 200, 401, 401, 401],
    () => ({
      body: {
        scans: [
          {
            tagSerialNumber: 'TAGNOBODY',
            location: { lat: 46.6, lon: -120.5 },
            scannedAt: '2025-06-21T10:00:00Z',
          },
        ],
      },
    }),
  ],
  ['GET', '/data-api/geofences/get', ALL_READ],
  // A report is of one of the organization's filters: another's is not there (404).
  ['GET', '/data-api/reports/csv', OWN_THING, (f) => q({ filterId: home(f).filterId })],
  // The organization's data (docs/product.md#account): the owner's, or a SuperAdmin's acting.
  ['GET', '/data-api/reports/data-governance', OWNER_READ],
  ['POST', '/data-api/reports/email-user-data', [202, 403, 403, 401, 202, 202, 202, 401, 401, 401]],
  ['GET', '/data-api/reports/email-user-data', OWNER_READ],
  // Public: the mailed link is the credential; an unknown one is 404 for everyone.
  [
    'GET',
    '/data-api/public/data-exports/{token}',
    [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    () => ({ params: { token: 'A'.repeat(43) } }),
  ],
  ['GET', '/data-api/reports/pdf', OWN_THING, (f) => q({ filterId: home(f).filterId })],
  // Loads: every user reads them; owners and managers build, ship and share them.
  ['GET', '/data-api/loads', ALL_READ],
  ['POST', '/data-api/loads', FARM_CREATE, () => ({ body: { name: newName('Load') } })],
  ['GET', '/data-api/loads/{id}', OWN_THING, async (f) => ({ params: await newHomeLoad(f) })],
  [
    'PATCH',
    '/data-api/loads/{id}',
    FARM_CHANGE,
    async (f) => ({ params: await newHomeLoad(f), body: { name: newName('Load') } }),
  ],
  ['DELETE', '/data-api/loads/{id}', FARM_DELETE, async (f) => ({ params: await newHomeLoad(f) })],
  [
    'POST',
    '/data-api/loads/{id}/bales',
    FARM_CHANGE,
    async (f) => ({ params: await newHomeLoad(f), body: { uids: [home(f).baleUid] } }),
  ],
  [
    'DELETE',
    '/data-api/loads/{id}/bales',
    FARM_DELETE,
    async (f) => ({ params: await newHomeLoad(f), body: { uids: [home(f).baleUid] } }),
  ],
  [
    'POST',
    '/data-api/loads/{id}/status',
    FARM_CHANGE,
    async (f) => ({ params: await newHomeLoad(f), body: { status: 'open' } }),
  ],
  [
    'GET',
    '/data-api/loads/{id}/ticket',
    OWN_THING,
    async (f) => ({ params: await newHomeLoad(f) }),
  ],
  [
    'POST',
    '/data-api/loads/{id}/links',
    [201, 201, 403, 401, 404, 404, 201, 401, 401, 401],
    async (f) => ({ params: await newHomeLoad(f), body: { days: 7, showFarmName: false } }),
  ],
  [
    'DELETE',
    '/data-api/loads/{id}/links/{linkId}',
    FARM_DELETE,
    async (f) => ({ params: await newHomeLoadLink(f) }),
  ],
  // Stack audits: every user reads them; owners and managers record one.
  ['GET', '/data-api/audits/stacks', ALL_READ],
  ['GET', '/data-api/audits/stack', OWN_THING, (f) => q({ stackId: home(f).stackId })],
  ['GET', '/data-api/audits', ALL_READ, (f) => q({ stackId: home(f).stackId })],
  [
    'POST',
    '/data-api/audits',
    FARM_CREATE,
    (f) => ({
      body: {
        id: randomUUID(),
        stackId: home(f).stackId,
        stack: { lat: 46.6, lon: -120.5 },
        storage: null,
        expectedTags: [],
        scans: [{ tag: 'TAGNOBODY', scannedAt: '2025-06-21T10:00:00Z' }],
        startedAt: '2025-06-21T09:00:00Z',
        finishedAt: '2025-06-21T10:00:00Z',
      },
    }),
  ],
  // Public: the buyer's link is the credential; an unknown one is the same 404 for everyone.
  [
    'GET',
    '/data-api/public/loads/{token}',
    [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    () => ({ params: { token: 'A'.repeat(54) } }),
  ],
  // Fields, crops, cuttings and filters: owners and managers create and change them, viewers
  // read them (docs/product.md#roles).
  ['GET', '/data-api/fields', ALL_READ],
  ['POST', '/data-api/fields', FARM_CREATE, fieldBody],
  ['GET', '/data-api/fields/{id}', OWN_THING, (f) => ({ params: { id: f.home.fieldId } })],
  [
    'PUT',
    '/data-api/fields/{id}',
    FARM_CHANGE,
    async (f) => ({ params: { id: (await f.newHomeField()).id }, ...fieldBody() }),
  ],
  [
    'DELETE',
    '/data-api/fields/{id}',
    FARM_DELETE,
    async (f) => ({ params: { id: (await f.newHomeField()).id } }),
  ],
  ['GET', '/data-api/crops', ALL_READ],
  ['POST', '/data-api/crops', FARM_CREATE, () => q({ name: newName('Crop') })],
  ['GET', '/data-api/crops/{id}', OWN_THING, (f) => ({ params: { id: f.home.cropId } })],
  [
    'PUT',
    '/data-api/crops/{id}',
    FARM_CHANGE,
    async (f) => ({ params: { id: (await f.newHomeCrop()).id }, ...q({ name: newName('Crop') }) }),
  ],
  [
    'DELETE',
    '/data-api/crops/{id}',
    FARM_DELETE,
    async (f) => ({ params: { id: (await f.newHomeCrop()).id } }),
  ],
  ['GET', '/data-api/cuttings', ALL_READ, () => q({ year: 2025 })],
  ['GET', '/data-api/cuttings/all', ALL_READ],
  ['POST', '/data-api/cuttings', FARM_CREATE, cuttingBody],
  ['GET', '/data-api/cuttings/{id}', OWN_THING, (f) => ({ params: { id: f.home.cuttingId } })],
  [
    'PUT',
    '/data-api/cuttings/{id}',
    FARM_CHANGE,
    async (f) => ({ params: { id: (await f.newHomeCutting()).id }, ...cuttingBody() }),
  ],
  [
    'DELETE',
    '/data-api/cuttings/{id}',
    FARM_DELETE,
    async (f) => ({ params: { id: (await f.newHomeCutting()).id } }),
  ],
  ['GET', '/data-api/filters/get', ALL_READ],
  ['POST', '/data-api/filters/create', FARM_CREATE, filterBody],
  [
    'PUT',
    '/data-api/filters/{id}',
    FARM_CHANGE,
    async (f) => ({ params: { id: (await f.newHomeFilter()).id }, ...filterBody() }),
  ],
  [
    'DELETE',
    '/data-api/filters/{id}',
    FARM_DELETE,
    async (f) => ({ params: { id: (await f.newHomeFilter()).id } }),
  ],
  // Automated reports are the owner's and managers'; another organization names a filter it does
  // not have.
  ['GET', '/data-api/autoreport/settings', MANAGERS],
  [
    'POST',
    '/data-api/autoreport/settings',
    [201, 201, 403, 401, 400, 400, 201, 401, 401, 401],
    async (f) => ({ body: reportBody((await f.newHomeFilter()).id) }),
  ],
  [
    'PUT',
    '/data-api/autoreport/settings',
    [200, 200, 403, 401, 400, 400, 200, 401, 401, 401],
    async (f) => {
      const report = await newHomeReport(f);
      return { body: { ...reportBody(report.filterId), id: report.id } };
    },
  ],
  [
    'DELETE',
    '/data-api/autoreport/settings/{id}',
    [204, 204, 403, 401, 404, 404, 204, 401, 401, 401],
    async (f) => ({ params: { id: (await newHomeReport(f)).id } }),
  ],
  // API 2 (user and management API)
  [
    'POST',
    '/user-api/public/user/register',
    PUBLIC,
    () => {
      const password = 'Matrix-pass1';
      const email = newEmail();
      const body = { organizationName: 'New Farm', email, password, confirmPassword: password };
      return { body: { ...body, eulaAccepted: true, privacyAccepted: true } };
    },
  ],
  ['GET', '/user-api/user', ALL_READ],
  ['GET', '/user-api/user/organization', ALL_READ],
  ['GET', '/user-api/user/organization/settings', ALL_READ],
  [
    'PUT',
    '/user-api/user/organization/settings',
    // The owner's and managers'; another owner and a SuperAdmin on its own change their own
    // organization's. The defaults, which every organization here has, so no other row sees a change.
    MANAGERS,
    () => ({ body: defaultSettings }),
  ],
  ['GET', '/user-api/users', OWNER_READ],
  ['GET', '/user-api/users/group', OWNER_READ, () => q({ group: 'AccountsOwner' })],
  ['GET', '/user-api/users/organization', OWNER_READ],
  [
    'POST',
    '/user-api/user',
    [201, 403, 403, 401, 201, 201, 201, 401, 401, 401],
    () => ({ body: { name: 'New Hand', email: newEmail() } }),
  ],
  [
    'PUT',
    '/user-api/user',
    OWNER_CHANGE,
    async (f) => ({ body: { id: (await f.newHomeUser()).id, name: 'Renamed' } }),
  ],
  ['DELETE', '/user-api/user', [204, 403, 403, 401, 404, 404, 204, 401, 401, 401], target],
  ['PUT', '/user-api/user/enable', OWNER_CHANGE, target],
  [
    'PUT',
    '/user-api/user/role',
    OWNER_CHANGE,
    async (f) => ({ body: { id: (await f.newHomeUser()).id, role: 'manager' } }),
  ],
  ['PUT', '/user-api/user/disable', OWNER_CHANGE, target],
  ['PUT', '/user-api/user/reinvite', OWNER_CHANGE, target],
  // Who may is checked before what was typed, so a wrong confirmation tells the owner's 400 from
  // everyone else's 403 without deleting the home farm (the deletion itself:
  // account/close-account.medium.test.ts). A SuperAdmin never closes an account.
  [
    'DELETE',
    '/user-api/user/close-account',
    [400, 403, 403, 401, 400, 403, 403, 401, 401, 401],
    () => ({ body: { confirmation: 'delete' } }),
  ],
  // Subscriptions and payments (no Stripe keys here: checkout says payments are off).
  ['GET', '/user-api/wallet', ALL_READ],
  ['POST', '/user-api/wallet/grants', ADMIN_ONLY, () => ({ body: { credits: 1, note: 'Matrix' } })],
  ['GET', '/user-api/subscriptions/pricing', ALL_READ],
  ['GET', '/user-api/subscriptions/promo/{id}', ALL_READ, () => ({ params: { id: 'current' } })],
  ['POST', '/user-api/subscriptions/promo/{id}', ALL_READ, () => ({ params: { id: 'current' } })],
  ['GET', '/user-api/subscriptions/{id}', OWN_THING, (f) => ({ params: { id: f.home.balerId } })],
  [
    'POST',
    '/user-api/subscriptions/{id}',
    OWNER_CHANGE,
    (f) => ({ params: { id: f.home.balerId }, body: { autoRenew: true } }),
  ],
  [
    'POST',
    '/user-api/stripe/checkout',
    [409, 403, 403, 401, 409, 409, 409, 401, 401, 401],
    () => q({ quantity: 1 }),
  ],
  [
    'POST',
    '/user-api/public/stripe/webhook',
    [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    () => ({ body: { type: 'checkout.session.completed' } }),
  ],
  ['GET', '/user-api/machines', ALL_READ],
  [
    'POST',
    '/user-api/machines',
    // Another owner and a SuperAdmin on its own are refused: the ACM runs under home's email.
    [201, 403, 403, 401, 403, 403, 201, 401, 401, 401],
    async (f) => ({ body: { vin: await f.newHomeVin(), name: 'Matrix Registered' } }),
  ],
  [
    'GET',
    '/user-api/machines/validate',
    [200, 403, 403, 401, 403, 403, 200, 401, 401, 401],
    async (f) => q({ vin: await f.newHomeVin() }),
  ],
  ['GET', '/user-api/machines/{id}', OWN_THING, (f) => ({ params: { id: f.home.balerId } })],
  [
    'PUT',
    '/user-api/machines/rename',
    OWNER_CHANGE,
    (f) => q({ id: f.home.balerId, name: 'Home Matrix Baler' }),
  ],
  [
    'DELETE',
    '/user-api/machines/{id}',
    [204, 403, 403, 401, 404, 404, 204, 401, 401, 401],
    async (f) => ({ params: { id: (await f.newHomeBaler()).id } }),
  ],
  [
    'PUT',
    '/user-api/machines/{id}/active',
    OWNER_CHANGE,
    async (f) => ({ params: { id: (await f.newHomeBaler()).id }, ...q({ active: false }) }),
  ],
  [
    'POST',
    '/user-api/machines/{id}/rotate-key',
    OWNER_CHANGE,
    async (f) => ({ params: { id: (await f.newHomeBaler()).id } }),
  ],
  ['GET', '/user-api/authorized-emails', ALL_READ],
  [
    'POST',
    '/user-api/authorized-emails/{email}',
    [201, 403, 403, 401, 201, 201, 201, 401, 401, 401],
    () => ({ params: { email: newEmail() } }),
  ],
  [
    'PUT',
    '/user-api/authorized-emails/{email}',
    OWNER_CHANGE,
    async (f) => ({ params: { email: await f.newHomeAuthorizedEmail() }, ...q({ resend: true }) }),
  ],
  [
    'DELETE',
    '/user-api/authorized-emails/{email}',
    [204, 403, 403, 401, 404, 404, 204, 401, 401, 401],
    async (f) => ({ params: { email: await f.newHomeAuthorizedEmail() } }),
  ],
  // Public, so no caller gets 401. A real token's page names its organization to whoever holds
  // the link, which the marker check would flag; valid links: authorized-emails/confirm-link.
  [
    'GET',
    '/user-api/public/authorized-emails/confirm',
    [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    () => q({ token: 'matrix-unknown-token' }),
  ],
  [
    'POST',
    '/user-api/public/authorized-emails/confirm',
    [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
    () => ({ body: { token: 'matrix-unknown-token' } }),
  ],
  ['GET', '/user-api/feedback', ALL_READ],
  [
    'POST',
    '/user-api/feedback',
    ALL_CREATE,
    () => ({
      body: { type: 'bug', name: 'Matrix Sender', email: 'sender@example.com', details: 'Hi' },
    }),
  ],
  // SuperAdmins only, acting or not. The lists show every organization by design, so the rows
  // search for nothing to keep the marker check meaningful for everyone else.
  ['GET', '/user-api/admin/organizations', ADMIN_ONLY, () => q({ search: 'matrix-no-such-farm' })],
  ['GET', '/user-api/admin/baler-registry', ADMIN_ONLY, () => q({ search: 'NOSUCHVIN' })],
  ['GET', '/user-api/admin/feedback', ADMIN_ONLY, () => q({ search: 'matrix-no-such-feedback' })],
  [
    'POST',
    '/user-api/admin/baler-registry',
    [403, 403, 403, 401, 403, 201, 201, 401, 401, 401],
    () => ({ body: { vin: newVin(), ...registryFields } }),
  ],
  [
    'PUT',
    '/user-api/admin/baler-registry/{vin}',
    ADMIN_ONLY,
    async (f) => ({ params: { vin: await f.newHomeVin() }, body: registryFields }),
  ],
  [
    'DELETE',
    '/user-api/admin/baler-registry/{vin}',
    [403, 403, 403, 401, 403, 204, 204, 401, 401, 401],
    async (f) => ({ params: { vin: await f.newHomeVin() } }),
  ],
];

/**
 * A viewer refused what a manager is refused too reads the manager's own refusal (the owner's or
 * a SuperAdmin's, in the spec's words); only a change a manager may make gets the viewer message.
 */
function viewerRefusalProblems(
  method: string,
  answers: Partial<Record<Caller, { status: number; body: string }>>,
): string[] {
  const { manager, viewer } = answers;
  if (!manager || viewer?.status !== 403) return [];
  if (manager.status === 403 && viewer.body !== manager.body) {
    return [`viewer: expected the manager's refusal ${manager.body}, got ${viewer.body}`];
  }
  const viewerMessage = JSON.stringify(messages.roles.viewerReadOnly);
  if (manager.status < 400 && method !== 'GET' && !viewer.body.includes(viewerMessage)) {
    return [`viewer: expected the viewer message, got ${viewer.body}`];
  }
  return [];
}

let t: TestApp;
let f: AuthorizationFixtures;
beforeAll(async () => {
  // The operator's registry vouches for VINs and their ACM email (BALER_PROVIDER=registry).
  t = await startTestApp({ env: { BALER_PROVIDER: 'registry' } });
  f = await authorizationFixtures(t);
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it.each(matrix)('%s %s', async (method, path, statuses, request) => {
    const problems: string[] = [];
    const answers: Partial<Record<Caller, { status: number; body: string }>> = {};
    for (const [i, caller] of callers.entries()) {
      const options = (await request?.(f)) ?? {};
      const url = path.replace(/\{(\w+)\}/g, (_, key: string) => options.params?.[key] ?? key);
      const response = await apiCall(t, f.tokens[caller as Caller], method, url, {
        ...options,
        headers: { ...options.headers, ...f.headers(caller) },
      });
      const body = await response.text();
      if (response.status !== statuses[i]) {
        problems.push(
          `${caller}: expected ${statuses[i]}, got ${response.status} ${body.slice(0, 200)}`,
        );
      }
      for (const marker of f.forbiddenMarkers[caller]) {
        if (body.includes(marker))
          problems.push(`${caller}: body shows another organization's "${marker}"`);
      }
      answers[caller] = { status: response.status, body };
    }
    problems.push(...viewerRefusalProblems(method, answers));
    expect(problems).toEqual([]);
  });

  it('has a row for every endpoint of the data and user APIs', async () => {
    const document = (await (await fetch(`${t.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/data-api/') || path.startsWith('/user-api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const covered = new Set(matrix.map(([method, path]) => `${method} ${path}`));
    const missing = documented.filter((e) => !covered.has(e));
    expect(missing).toEqual([]);
  });
});
