import { randomUUID } from 'node:crypto';
import { currentUserSchema } from '@baletrack/contracts/identity/user';
import { stacksResponseSchema } from '@baletrack/contracts/map/map';
import { insertRegistryEntries } from '../../src/features/balers/baler-registry.repository.ts';
import { createPoolUser, setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { ingest, newBale, newBaler, newField, newVin, square, stackedBales } from './farm.ts';
import { newConfirmedUser, signIn } from './identity.ts';
import type { TestApp } from './test-app.ts';
import { acceptInvite, apiCall } from './user-api.ts';

/** The callers of the authorization matrix, each a way to send (or not send) a token. */
export const roles = [
  'owner',
  'subUser',
  'disabledUser',
  'otherOwner',
  'admin',
  'adminActing',
  'noToken',
  'expiredToken',
  'badSignature',
] as const;
export type Role = (typeof roles)[number];

/** A farm with something of everything, so a leak of its data would show in a body. */
async function farmWithData(t: TestApp, label: string) {
  const owner = await newConfirmedUser(t.ctx, { organizationName: `${label} Matrix Farm` });
  await newField(t.ctx, owner.orgId, {
    name: `${label} Matrix Field`,
    boundary: square(-120.5, 46.6),
  });
  const baler = await newBaler(t.ctx, owner.orgId, { name: `${label} Matrix Baler` });
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
    markers: [...markers, baler.vin],
  };
}

/**
 * Two farms (home and other), a SuperAdmin, a sub-user and a disabled sub-user of home, and
 * tokens that must fail: expired and wrongly signed.
 */
export async function authorizationFixtures(t: TestApp) {
  const home = await farmWithData(t, 'Home');
  const other = await farmWithData(t, 'Other');
  const admin = await newConfirmedUser(t.ctx, { groups: ['SuperAdmins'] });
  const adminToken = (await signIn(t, admin.email, admin.password)).IdToken;

  /** A fresh invited (status sent) user of home, for calls that change or remove one. */
  const newHomeUser = async () => {
    const email = `home-hand-${randomUUID().slice(0, 8)}@example.com`;
    const { id } = await createPoolUser(t.ctx, {
      orgId: home.orgId,
      email,
      name: 'Home Matrix Hand',
      password: 'Temporary-pw1',
      groups: [],
      status: 'FORCE_CHANGE_PASSWORD',
    });
    return { id, email };
  };
  /** A fresh baler of home, for calls that change or remove one. */
  const newHomeBaler = async () => newBaler(t.ctx, home.orgId, { name: 'Home Matrix Spare' });
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
  const invite = async () => {
    const user = await newHomeUser();
    return (await acceptInvite(t, user.email, 'Own-password9', 'Temporary-pw1')).IdToken;
  };
  const subUserToken = await invite();
  const disabledToken = await invite();
  const me = await apiCall(t, disabledToken, 'GET', '/user-api/user');
  const { id: disabledId } = currentUserSchema.parse(await me.json());
  await setUserEnabled(t.ctx, disabledId, false);

  // Issued two hours ago, so expired now whatever the id token lifetime (at most an hour).
  t.advance(-2 * 3600_000);
  const expiredToken = (await signIn(t, home.email, home.password)).IdToken;
  t.advance(2 * 3600_000);
  const [head, body] = home.token.split('.');
  const badSignature = `${head}.${body}.${other.token.split('.')[2]}`;

  const tokens: Record<Role, string | undefined> = {
    owner: home.token,
    subUser: subUserToken,
    disabledUser: disabledToken,
    otherOwner: other.token,
    admin: adminToken,
    adminActing: adminToken,
    noToken: undefined,
    expiredToken,
    badSignature,
  };
  /** The markers a role must never see: another organization's than the one it acts on. */
  const forbiddenMarkers: Record<Role, string[]> = {
    owner: other.markers,
    subUser: other.markers,
    disabledUser: [...home.markers, ...other.markers],
    otherOwner: home.markers,
    admin: [...home.markers, ...other.markers],
    adminActing: other.markers,
    noToken: [...home.markers, ...other.markers],
    expiredToken: [...home.markers, ...other.markers],
    badSignature: [...home.markers, ...other.markers],
  };
  const headers = (role: Role): Record<string, string> =>
    role === 'adminActing' ? { 'x-organization-id': home.orgId } : {};
  const stacks = await apiCall(t, home.token, 'GET', '/data-api/stacks/get');
  const stackId = stacksResponseSchema.parse(await stacks.json()).stacks[0]?.id;
  if (!stackId) throw new Error('the home farm has no stack');
  return {
    home: { ...home, stackId },
    other,
    newHomeUser,
    newHomeBaler,
    newHomeVin,
    newHomeAuthorizedEmail,
    tokens,
    forbiddenMarkers,
    headers,
  };
}

export type AuthorizationFixtures = Awaited<ReturnType<typeof authorizationFixtures>>;
