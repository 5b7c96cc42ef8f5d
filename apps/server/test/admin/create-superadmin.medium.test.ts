import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { currentUserSchema, organizationSchema } from '@baletrack/contracts/identity/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSuperAdmin,
  SuperAdminInputError,
} from '../../src/features/admin/superadmin.service.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall } from '../helpers/user-api.ts';

// `npm run superadmin`: the only way to make a SuperAdmin. Its function is tested against the
// real server's database; the command itself for what it does before touching any data.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = async (token: string, headers: Record<string, string> = {}) =>
  currentUserSchema.parse(
    await (await apiCall(t, token, 'GET', '/user-api/user', { headers })).json(),
  );

describe('createSuperAdmin', () => {
  it('creates a SuperAdmin with its own organization, who must replace the generated password', async () => {
    const email = `ops-${Date.now()}@example.com`;
    const result = await createSuperAdmin(t.ctx, { email: ` ${email.toUpperCase()} ` });
    expect(result.action).toBe('created');
    if (result.action !== 'created' || !result.temporaryPassword) throw new Error('no password');

    const { IdToken } = await acceptInvite(t, email, 'Operator-pw9', result.temporaryPassword);
    expect(await me(IdToken)).toMatchObject({
      email,
      groups: ['SuperAdmins'],
      organizationId: result.organizationId,
    });
    const organization = await apiCall(t, IdToken, 'GET', '/user-api/user/organization');
    expect(organizationSchema.parse(await organization.json()).name).toBe(`Operations – ${email}`);
    expect((await apiCall(t, IdToken, 'GET', '/user-api/admin/organizations')).status).toBe(200);
  });

  it('takes a password, which must meet the policy', async () => {
    const email = `ops-pw-${Date.now()}@example.com`;
    await expect(createSuperAdmin(t.ctx, { email, password: 'short' })).rejects.toThrow(
      SuperAdminInputError,
    );
    const result = await createSuperAdmin(t.ctx, { email, password: 'Operator-pw9' });
    expect(result).toMatchObject({ action: 'created' });
    expect(result).not.toHaveProperty('temporaryPassword');
    const { IdToken } = await signIn(t, email, 'Operator-pw9');
    expect((await me(IdToken)).groups).toEqual(['SuperAdmins']);
  });

  it('promotes an existing owner, who keeps organization, groups and password', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const other = await newConfirmedUser(t.ctx);
    const result = await createSuperAdmin(t.ctx, { email: owner.email });
    expect(result).toEqual({ action: 'promoted', userId: owner.id, organizationId: owner.orgId });
    const { IdToken } = await signIn(t, owner.email, owner.password);
    expect(await me(IdToken)).toMatchObject({
      organizationId: owner.orgId,
      groups: ['AccountsOwner', 'SuperAdmins'],
    });
    // Now honoured: acting for another organization.
    const acting = await apiCall(t, IdToken, 'GET', '/user-api/user/organization', {
      headers: { 'x-organization-id': other.orgId },
    });
    expect(organizationSchema.parse(await acting.json()).id).toBe(other.orgId);

    expect(await createSuperAdmin(t.ctx, { email: owner.email })).toMatchObject({
      action: 'unchanged',
    });
    await expect(
      createSuperAdmin(t.ctx, { email: owner.email, password: 'Another-pw9' }),
    ).rejects.toThrow('keeps its password');
  });

  it('refuses an address that is not an email', async () => {
    await expect(createSuperAdmin(t.ctx, { email: 'nobody' })).rejects.toThrow(
      '--email: Please enter a valid email address.',
    );
  });
});

describe('npm run superadmin', () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/create-superadmin.ts', ...args],
      {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env: { ...process.env, LOG_LEVEL: 'silent', SECRET_KEY: 'ab'.repeat(32), ...env },
      },
    ).then(
      (ok) => ({ code: 0, ...ok }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('refuses when the database cannot be reached, changing nothing', async () => {
    const result = await run(['--email', 'ops@example.com'], {
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:9/baletrack',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot reach the database (DATABASE_URL)');
    expect(result.stderr).toContain('Nothing was changed.');
  });

  it('explains its usage without an email', async () => {
    const result = await run([], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run superadmin -- --email <address>');
  });
});
