import { closeAccountResponseSchema } from '@baletrack/contracts/account/account';
import { messages } from '@baletrack/contracts/errors/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataExportWorker } from '../../src/features/account/data-export-worker.ts';
import { newBaler } from '../helpers/farm.ts';
import { cognito, newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';
import { mailedExportLink, richFarm, unzipText } from './account-farm.ts';

// Closing the account (docs/product.md#account): type DELETE → the export is built and mailed →
// everything of the organization is deleted in one transaction → success.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const close = (token: string, confirmation: unknown = 'DELETE', headers?: Record<string, string>) =>
  apiCall(t, token, 'DELETE', '/user-api/user/close-account', {
    body: { confirmation },
    headers,
  });

/** Every table with an org_id column, and how many rows the organization has in each. */
async function rowsByTable(orgId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ tableName: string }>`
    select table_name from information_schema.columns
    where column_name = 'org_id' and table_schema = current_schema()
    order by table_name`.execute(t.ctx.db);
  const counts: Record<string, number> = {};
  for (const { tableName } of rows) {
    const result = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(tableName)} where org_id = ${orgId}`.execute(t.ctx.db);
    counts[tableName] = Number(result.rows[0]?.n);
  }
  return counts;
}

const nonEmpty = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([table]) => table);

describe('DELETE /user/close-account', () => {
  it('refuses anything but DELETE typed exactly, and anyone but the owner', async () => {
    const farm = await richFarm(t, 'Careful', 2);
    for (const typed of ['delete', 'DELETE ', '', 'Delete']) {
      const response = await close(farm.tokens.IdToken, typed);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: messages.accountDeletion.confirmationMismatch,
      });
    }
    expect(
      (await apiCall(t, farm.tokens.IdToken, 'DELETE', '/user-api/user/close-account')).status,
    ).toBe(400);
    const bySub = await close(farm.sub.tokens.IdToken);
    expect(bySub.status).toBe(403);
    expect(await bySub.json()).toMatchObject({ message: messages.roles.ownerOnlyAccount });
    // A SuperAdmin acting for the organization cannot close it either.
    const admin = await newConfirmedUser(t.ctx, { groups: ['SuperAdmins'] });
    const adminToken = (await signIn(t, admin.email, admin.password)).IdToken;
    expect((await close(adminToken, 'DELETE', { 'x-organization-id': farm.orgId })).status).toBe(
      403,
    );
    expect(nonEmpty(await rowsByTable(farm.orgId))).toContain('bales');
  });

  it('mails the export, then leaves nothing of the organization: no rows, no sign-in, free VINs; the link works', async () => {
    const farm = await richFarm(t, 'Leaving', 7);
    const bystander = await richFarm(t, 'Staying', 3);
    const before = await rowsByTable(farm.orgId);
    // The fixture touches every tenant table but the ones only payments and reports fill.
    expect(nonEmpty(before).length).toBeGreaterThanOrEqual(15);
    const staying = await rowsByTable(bystander.orgId);

    const response = await close(farm.tokens.IdToken);
    expect(response.status).toBe(200);
    const body = closeAccountResponseSchema.parse(await response.json());
    expect(body.email).toBe(farm.email);

    expect(nonEmpty(await rowsByTable(farm.orgId))).toEqual([]);
    expect(await rowsByTable(bystander.orgId)).toEqual(staying);
    for (const table of ['userCodes', 'refreshTokens', 'authChallenges'] as const) {
      const left = await t.ctx.db
        .selectFrom(table)
        .select('userId' as never)
        .where('userId' as never, 'in', [farm.id, farm.sub.id] as never)
        .execute();
      expect(left, table).toEqual([]);
    }
    const people = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [farm.id, farm.sub.id])
      .execute();
    expect(people).toEqual([]);
    const organization = await t.ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', farm.orgId)
      .execute();
    expect(organization).toEqual([]);

    // Its people cannot sign in, their tokens are dead.
    await expect(signIn(t, farm.email, farm.password)).rejects.toThrow(/sign-in failed/);
    await expect(signIn(t, farm.sub.email, farm.sub.password)).rejects.toThrow(/sign-in failed/);
    const refreshed = await cognito(t.url, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: t.ctx.config.userPool.clientId,
      AuthParameters: { REFRESH_TOKEN: farm.tokens.RefreshToken },
    });
    expect(refreshed.ok).toBe(false);
    expect((await apiCall(t, farm.tokens.IdToken, 'GET', '/user-api/user')).status).toBe(401);

    // Its baler's VIN is free for another organization.
    const newcomer = await newConfirmedUser(t.ctx);
    const baler = await newBaler(t.ctx, newcomer.orgId, { vin: farm.baler.vin });
    expect(baler.vin).toBe(farm.baler.vin);

    // The export was mailed before the deletion, and its link outlives the organization.
    const exported = await t.ctx.db
      .selectFrom('dataExports')
      .select(['orgId', 'status', 'expiresAt'])
      .where('email', '=', farm.email)
      .executeTakeFirstOrThrow();
    expect(exported).toMatchObject({ orgId: null, status: 'ready' });
    expect(exported.expiresAt.toISOString()).toBe(body.expiresAt);
    const download = await fetch(await mailedExportLink(t, farm.email));
    expect(download.status).toBe(200);
    const files = unzipText(await download.arrayBuffer());
    expect((files['bales.csv'] ?? '').trimEnd().split('\r\n')).toHaveLength(1 + 7);
    // A builder round leaves the orphaned file alone until it expires.
    await createDataExportWorker(t.ctx, (e) => {
      throw e;
    }).drain();
    expect((await fetch(await mailedExportLink(t, farm.email))).status).toBe(200);
  });

  it("deletes nothing when the export cannot be made: 'Error generating report - delete aborted...'", async () => {
    const farm = await richFarm(t, 'Unexported', 2);
    const before = await rowsByTable(farm.orgId);
    // An export that can never become ready.
    await sql`alter table data_exports add constraint test_never_ready check (status <> 'ready') not valid`.execute(
      t.ctx.db,
    );
    try {
      const response = await close(farm.tokens.IdToken);
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        message: messages.accountDeletion.reportFailed,
      });
    } finally {
      await sql`alter table data_exports drop constraint test_never_ready`.execute(t.ctx.db);
    }
    const after = await rowsByTable(farm.orgId);
    // Only the failed export's row is new.
    expect(after).toEqual({ ...before, data_exports: (before.data_exports ?? 0) + 1 });
    const failed = await t.ctx.db
      .selectFrom('dataExports')
      .select('status')
      .where('orgId', '=', farm.orgId)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect((await apiCall(t, farm.tokens.IdToken, 'GET', '/user-api/user')).status).toBe(200);
  });

  it("leaves nothing half-deleted when the deletion fails: 'Error deleting account...'", async () => {
    const farm = await richFarm(t, 'Stuck', 2);
    const before = await rowsByTable(farm.orgId);
    const codesBefore = await t.ctx.db
      .selectFrom('userCodes')
      .select('userId')
      .where('userId', '=', farm.sub.id)
      .execute();
    expect(codesBefore).toHaveLength(1);
    // Something that refuses the organization's deletion (a reference without cascade).
    await sql`create table test_blocker (org_id uuid references organizations(id))`.execute(
      t.ctx.db,
    );
    await sql`insert into test_blocker values (${farm.orgId})`.execute(t.ctx.db);
    try {
      const response = await close(farm.tokens.IdToken);
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        message: messages.accountDeletion.deleteFailed,
      });
    } finally {
      await sql`drop table test_blocker`.execute(t.ctx.db);
    }
    const after = await rowsByTable(farm.orgId);
    expect(after).toEqual({ ...before, data_exports: (before.data_exports ?? 0) + 1 });
    const codesAfter = await t.ctx.db
      .selectFrom('userCodes')
      .select('userId')
      .where('userId', '=', farm.sub.id)
      .execute();
    expect(codesAfter).toEqual(codesBefore);
    // The export was made and mailed before the attempt; signing in still works.
    expect(await mailedExportLink(t, farm.email)).toMatch(/data-exports/);
    await signIn(t, farm.email, farm.password);
  });
});
