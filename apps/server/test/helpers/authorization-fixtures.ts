import { randomUUID } from 'node:crypto';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { currentUserSchema } from '@baletrack/contracts/identity/user';
import { stacksResponseSchema } from '@baletrack/contracts/map/map';
import { insertRegistryEntries } from '../../src/features/balers/baler-registry.repository.ts';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import { insertFilter } from '../../src/features/filters/filters.repository.ts';
import { createPoolUser, setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { ingest, newBale, newBaler, newField, newVin, square, stackedBales } from './farm.ts';
import { newConfirmedUser, signIn } from './identity.ts';
import type { TestApp } from './test-app.ts';
import { acceptInvite, apiCall } from './user-api.ts';

/**
 * The callers of the authorization matrix, each a way to send (or not send) a token: the three
 * roles of the home farm (docs/product.md#roles), then everyone who is not one of them.
 */
export const callers = [
  'owner',
  'manager',
  'viewer',
  'disabledUser',
  'otherOwner',
  'admin',
  'adminActing',
  'noToken',
  'expiredToken',
  'badSignature',
] as const;
export type Caller = (typeof callers)[number];

const suffix = () => randomUUID().slice(0, 8);

/** A crop of the organization named `name`. */
async function addCrop(t: TestApp, orgId: string, name: string) {
  const [id] = await insertCrops(t.ctx.db, orgId, [{ name }]);
  return { id: id as string, name };
}

/** A 2025 cutting of the organization, on `fieldIds` with `cropId`. */
async function addCutting(
  t: TestApp,
  orgId: string,
  cutting: { name: string; fieldIds?: string[]; cropId?: string | null },
) {
  const [id] = await insertCuttings(t.ctx.db, orgId, [
    {
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      year: 2025,
      fieldIds: [],
      cropId: null,
      ...cutting,
    },
  ]);
  return { id: id as string, name: cutting.name };
}

/** A saved filter of the organization choosing `choices` (ids of its own things). */
async function addFilter(
  t: TestApp,
  orgId: string,
  name: string,
  choices: Partial<
    Pick<typeof emptyFilter, 'fieldIds' | 'cuttingIds' | 'cropIds' | 'balerIds'>
  > = {},
) {
  const { name: _, ...definition } = { ...emptyFilter, ...choices };
  return insertFilter(t.ctx.db, orgId, { id: randomUUID(), name, definition });
}

/** A farm with something of everything, so a leak of its data would show in a body. */
async function farmWithData(t: TestApp, label: string) {
  const owner = await newConfirmedUser(t.ctx, { organizationName: `${label} Matrix Farm` });
  const field = await newField(t.ctx, owner.orgId, {
    name: `${label} Matrix Field`,
    boundary: square(-120.5, 46.6),
  });
  const baler = await newBaler(t.ctx, owner.orgId, { name: `${label} Matrix Baler` });
  const crop = await addCrop(t, owner.orgId, `${label} Matrix Crop`);
  const cutting = await addCutting(t, owner.orgId, {
    name: `${label} Matrix Cutting`,
    fieldIds: [field.id],
    cropId: crop.id,
  });
  const filter = await addFilter(t, owner.orgId, `${label} Matrix Filter`, {
    fieldIds: [field.id],
    cuttingIds: [cutting.id],
    cropIds: [crop.id],
    balerIds: [baler.id],
  });
  const uid = `${label.toUpperCase()}BALE-1`;
  await ingest(t, baler.apiKey, [
    newBale({ uid }),
    ...stackedBales(3, { lat: 46.61, lon: -120.49 }).map((b, i) => ({
      ...b,
      uid: `${label.toUpperCase()}BALE-S${i}`,
    })),
  ]);
  const tokens = await signIn(t, owner.email, owner.password);
  // Markers: strings that only this farm's data contains.
  const markers = [owner.orgId, `${label} Matrix`, owner.email, `${label.toUpperCase()}BALE`];
  return {
    ...owner,
    token: tokens.IdToken,
    baleUid: uid,
    vin: baler.vin,
    balerId: baler.id,
    fieldId: field.id,
    cropId: crop.id,
    cuttingId: cutting.id,
    filterId: filter.id,
    markers: [...markers, baler.vin],
  };
}

/**
 * Two farms (home and other), a SuperAdmin, a manager, a viewer and a disabled manager of home,
 * and tokens that must fail: expired and wrongly signed.
 */
export async function authorizationFixtures(t: TestApp) {
  const home = await farmWithData(t, 'Home');
  const other = await farmWithData(t, 'Other');
  const admin = await newConfirmedUser(t.ctx, { groups: ['SuperAdmins'] });
  const adminToken = (await signIn(t, admin.email, admin.password)).IdToken;

  /** A fresh invited (status sent) user of home, for calls that change or remove one. */
  const newHomeUser = async (groups: string[] = ['AccountsViewer']) => {
    const email = `home-hand-${randomUUID().slice(0, 8)}@example.com`;
    const { id } = await createPoolUser(t.ctx, {
      orgId: home.orgId,
      email,
      name: 'Home Matrix Hand',
      password: 'Temporary-pw1',
      groups,
      status: 'FORCE_CHANGE_PASSWORD',
    });
    return { id, email };
  };
  /** A fresh baler of home, for calls that change or remove one. */
  const newHomeBaler = async () => newBaler(t.ctx, home.orgId, { name: 'Home Matrix Spare' });
  /** A fresh field of home, far from its bales, for calls that change or remove one. */
  const newHomeField = async () =>
    newField(t.ctx, home.orgId, {
      name: `Home Matrix Field ${suffix()}`,
      boundary: square(-121.5, 45.5),
    });
  /** A fresh crop of home that no cutting uses, for calls that change or remove one. */
  const newHomeCrop = async () => addCrop(t, home.orgId, `Home Matrix Crop ${suffix()}`);
  /** A fresh cutting of home (2025, no fields, no crop), for calls that change or remove one. */
  const newHomeCutting = async () =>
    addCutting(t, home.orgId, { name: `Home Matrix Cutting ${suffix()}` });
  /** A fresh filter of home, for calls that change or remove one. */
  const newHomeFilter = async () => addFilter(t, home.orgId, `Home Matrix Filter ${suffix()}`);
  /** A VIN the connectivity provider knows under home's owner email, registered to no one. */
  const newHomeVin = async () => {
    const vin = newVin();
    await insertRegistryEntries(t.ctx.db, [{ vin, acmEmail: home.email }]);
    return vin;
  };
  /** A fresh Pending authorized email of home, for calls that change or remove one. */
  const newHomeAuthorizedEmail = async () => {
    const email = `acm-${randomUUID().slice(0, 8)}@dealer.example`;
    const added = await apiCall(t, home.token, 'POST', `/user-api/authorized-emails/${email}`);
    if (added.status !== 201) throw new Error(`authorized email not added: ${added.status}`);
    return email;
  };
  const invite = async (group: string) => {
    const user = await newHomeUser([group]);
    return (await acceptInvite(t, user.email, 'Own-password9', 'Temporary-pw1')).IdToken;
  };
  const managerToken = await invite('AccountsManager');
  const viewerToken = await invite('AccountsViewer');
  const disabledToken = await invite('AccountsManager');
  const me = await apiCall(t, disabledToken, 'GET', '/user-api/user');
  const { id: disabledId } = currentUserSchema.parse(await me.json());
  await setUserEnabled(t.ctx, disabledId, false);

  // Issued two hours ago, so expired now whatever the id token lifetime (at most an hour).
  t.advance(-2 * 3600_000);
  const expiredToken = (await signIn(t, home.email, home.password)).IdToken;
  t.advance(2 * 3600_000);
  const [head, body] = home.token.split('.');
  const badSignature = `${head}.${body}.${other.token.split('.')[2]}`;

  const tokens: Record<Caller, string | undefined> = {
    owner: home.token,
    manager: managerToken,
    viewer: viewerToken,
    disabledUser: disabledToken,
    otherOwner: other.token,
    admin: adminToken,
    adminActing: adminToken,
    noToken: undefined,
    expiredToken,
    badSignature,
  };
  /** The markers a role must never see: another organization's than the one it acts on. */
  const forbiddenMarkers: Record<Caller, string[]> = {
    owner: other.markers,
    manager: other.markers,
    viewer: other.markers,
    disabledUser: [...home.markers, ...other.markers],
    otherOwner: home.markers,
    admin: [...home.markers, ...other.markers],
    adminActing: other.markers,
    noToken: [...home.markers, ...other.markers],
    expiredToken: [...home.markers, ...other.markers],
    badSignature: [...home.markers, ...other.markers],
  };
  const headers = (caller: Caller): Record<string, string> =>
    caller === 'adminActing' ? { 'x-organization-id': home.orgId } : {};
  const stacks = await apiCall(t, home.token, 'GET', '/data-api/stacks/get');
  const stackId = stacksResponseSchema.parse(await stacks.json()).stacks[0]?.id;
  if (!stackId) throw new Error('the home farm has no stack');
  return {
    home: { ...home, stackId },
    other,
    newHomeUser,
    newHomeBaler,
    newHomeField,
    newHomeCrop,
    newHomeCutting,
    newHomeFilter,
    newHomeVin,
    newHomeAuthorizedEmail,
    tokens,
    forbiddenMarkers,
    headers,
  };
}

export type AuthorizationFixtures = Awaited<ReturnType<typeof authorizationFixtures>>;
