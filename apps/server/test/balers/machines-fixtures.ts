import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { insertRegistryEntries } from '../../src/features/balers/baler-registry.repository.ts';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { newVin } from '../helpers/farm.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall, type CallOptions } from '../helpers/user-api.ts';

/** A signed-in user of an organization, calling API 2 (`/user-api`). */
export interface Caller {
  orgId: string;
  email: string;
  token: string;
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
}

async function caller(t: TestApp, orgId: string, email: string, token: string): Promise<Caller> {
  return {
    orgId,
    email,
    token,
    call: (method, path, options) => apiCall(t, token, method, `/user-api${path}`, options),
  };
}

/** A new organization's owner, signed in. */
export async function signedInOwner(t: TestApp, groups = ['AccountsOwner']): Promise<Caller> {
  const owner = await newConfirmedUser(t.ctx, { groups });
  const { IdToken } = await signIn(t, owner.email, owner.password);
  return caller(t, owner.orgId, owner.email, IdToken);
}

/** A manager of the organization (the sub-account users from before roles), signed in. */
export async function signedInSubUser(t: TestApp, orgId: string): Promise<Caller> {
  const email = `hand-${randomUUID().slice(0, 8)}@example.com`;
  await createPoolUser(t.ctx, {
    orgId,
    email,
    name: 'Hand',
    password: 'Temporary-pw1',
    groups: ['AccountsManager'],
    status: 'FORCE_CHANGE_PASSWORD',
  });
  const { IdToken } = await acceptInvite(t, email, 'Own-password9', 'Temporary-pw1');
  return caller(t, orgId, email, IdToken);
}

/**
 * A VIN the embedded connectivity provider knows, its ACM under `acmEmail`.
 * @example const vin = await knownVin(t, owner.email);
 */
export async function knownVin(
  t: TestApp,
  acmEmail: string | null,
  options: { registered?: boolean; acmStatus?: 'Active' | 'Expired'; acmExpiry?: string } = {},
): Promise<string> {
  const vin = newVin();
  await insertRegistryEntries(t.ctx.db, [{ vin, acmEmail, ...options }]);
  return vin;
}

export const countBalers = async (t: TestApp, orgId: string) =>
  (await t.ctx.db.selectFrom('balers').select('id').where('orgId', '=', orgId).execute()).length;

/** The error body of a refused call. */
export const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json());
