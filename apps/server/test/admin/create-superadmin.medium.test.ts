import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { currentUserSchema, organizationSchema } from '@baletrack/contracts/identity/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  createSuperAdmin,
  SuperAdminInputError,
} from '../../src/features/admin/superadmin.service.ts';
import { findUserByUsername } from '../../src/features/identity/pool-users.repository.ts';
import { startProduct } from '../../src/start-product.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall } from '../helpers/user-api.ts';

// `npm run superadmin`: the only way to make a SuperAdmin. Its function is tested against the
// real server's database; the command itself for what it does before touching any data, and
// beside a running embedded server, which does it for the command.

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

// Only the embedded database has a single owner; on the PostgreSQL run this would repeat itself.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'npm run superadmin beside a running embedded server',
  () => {
    const env = { LOG_LEVEL: 'silent', SECRET_KEY: 'cd'.repeat(32), SEED_DEMO: 'false' };
    let dataDir: string;
    let product: Awaited<ReturnType<typeof startProduct>>;
    let port: number;
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-operator-'));
      product = await startProduct(loadConfig({ ...env, DATA_DIR: dataDir, BILLING: 'off' }));
      await product.app.listen({ port: 0, host: '127.0.0.1' });
      port = (product.app.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await product.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const run = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/create-superadmin.ts', ...args],
        {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          env: { ...process.env, ...env, DATA_DIR: dataDir },
        },
      ).then(
        (ok) => ({ code: 0, ...ok }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    it('asks the server, which makes the SuperAdmin while it keeps running', async () => {
      const result = await run(['--email', 'ops@example.com', '--password', 'Operator-pw9']);
      expect(result.stdout).toContain('Created the SuperAdmin ops@example.com');
      expect(result.code).toBe(0);
      const user = await findUserByUsername(product.ctx.db, 'ops@example.com');
      expect(user?.groups).toEqual(['SuperAdmins']);
      // The server's own answers are the command's, worded for the terminal.
      const again = await run(['--email', 'nobody']);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('--email: Please enter a valid email address.');
    });

    it('keeps its address and token for its own user, and answers nobody else', async () => {
      const file = path.join(dataDir, 'operator.json');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const { token } = JSON.parse(fs.readFileSync(file, 'utf8')) as { token: string };
      const ask = (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/operator/superadmin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ email: 'intruder@example.com' }),
        });
      // No token, a wrong one, or the right one through a proxy: as if there were no such route.
      expect((await ask({})).status).toBe(404);
      expect((await ask({ authorization: `Bearer ${'0'.repeat(64)}` })).status).toBe(404);
      const forwarded = await ask({
        authorization: `Bearer ${token}`,
        'x-forwarded-for': '1.2.3.4',
      });
      expect(forwarded.status).toBe(404);
      expect(await findUserByUsername(product.ctx.db, 'intruder@example.com')).toBeUndefined();
      // Refused exactly as a path that does not exist.
      expect(await (await ask({})).json()).toEqual({
        code: 'NOT_FOUND',
        message: 'No such endpoint: POST /operator/superadmin',
      });
      // With the token, a body that is not the command's is a 400 that says what to send.
      const garbled = await fetch(`http://127.0.0.1:${port}/operator/superadmin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ email: 42 }),
      });
      expect(garbled.status).toBe(400);
      expect(((await garbled.json()) as { message: string }).message).toContain('"email"');
    });
  },
);
