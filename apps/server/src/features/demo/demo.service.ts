import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app.ts';
import { UserPool } from '../identity/user-pool.service.ts';
import { insertOrganization } from '../users/users.repository.ts';
import { findDemoOrganization, hasAnyOrganization } from './demo.repository.ts';

/** The demo farm's owner; README and the start-up log show these so a new user can look around. */
export const demoOwner = {
  email: 'demo@baletrack.local',
  password: 'Baletrack-demo1',
  organizationName: 'Yakima Valley Hay (demo)',
} as const;

/**
 * Seeds the demo organization into an empty database. A database that already holds any
 * organization is left alone, so a real deployment is never touched.
 * @returns 'created', 'exists' (seeded earlier) or 'skipped' (not a demo database)
 */
export async function seedDemo(ctx: AppContext): Promise<'created' | 'exists' | 'skipped'> {
  if (await findDemoOrganization(ctx.db)) return 'exists';
  if (await hasAnyOrganization(ctx.db)) return 'skipped';
  const pool = new UserPool(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const orgId = randomUUID();
    await insertOrganization(trx, { id: orgId, name: demoOwner.organizationName, isDemo: true });
    await pool.createUser(trx, {
      orgId,
      email: demoOwner.email,
      name: 'Demo Owner',
      password: demoOwner.password,
      groups: ['AccountsOwner'],
      status: 'CONFIRMED',
    });
  });
  return 'created';
}
