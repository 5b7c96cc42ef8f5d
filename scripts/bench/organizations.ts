// The organizations the benchmark measures, stored straight into the database before the
// product process starts: owners with passwords, balers with ingest keys and subscriptions,
// the demo farm's fields and yard. Bales come later, through the ingest API.
import crypto from 'node:crypto';
import { type ConnectOptions, connectDatabase } from '@baletrack/db/connect';
import { migrateToLatest } from '@baletrack/db/migrate';
import { type AppContext, createAppContext } from '../../apps/server/src/app-context.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createBaler } from '../../apps/server/src/features/balers/balers.service.ts';
import { insertFields } from '../../apps/server/src/features/fields/fields.repository.ts';
import { insertGeofences } from '../../apps/server/src/features/geofences/geofences.repository.ts';
import { createMailer } from '../../apps/server/src/lib/mail/mailer.ts';
import { SecretBox } from '../../apps/server/src/lib/secret-box.ts';
import { newVin, subscribe } from '../../apps/server/test/helpers/farm.ts';
import { newConfirmedUser } from '../../apps/server/test/helpers/identity.ts';
import type { BenchFarm } from './bench-farm.ts';

export interface Account {
  orgId: string;
  email: string;
  password: string;
  /** Ingest keys, one per baler of the farm, in its order. */
  balerKeys: string[];
}

export interface Accounts {
  /** The measured organization. */
  farm: Account;
  /** A second organization, for ingest from two clients at once. */
  neighbour: Account;
  /** The same fields and no bale: the page-load baseline. */
  empty: Account;
}

/** The product's environment for a benchmark database (the server gets the same). */
export function productEnvironment(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
}): Record<string, string> {
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    SECRET_KEY: crypto.randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Measured as a service bills (locked months counted), as the figures always were.
    BILLING: 'on',
  };
}

/** Migrates the database and stores the three organizations; closes it again. */
export function prepareAccounts(
  env: Record<string, string>,
  farm: BenchFarm,
  neighbour: BenchFarm,
): Promise<Accounts> {
  return withBenchContext(env, async (ctx) => ({
    farm: await storeOrganization(ctx, 'Bench Valley Hay', farm, true),
    neighbour: await storeOrganization(ctx, 'Neighbour Hay', neighbour, true),
    empty: await storeOrganization(ctx, 'Empty Hay', farm, false),
  }));
}

/** Runs `work` with the product's context on the benchmark's database, migrated; closes it. */
export async function withBenchContext<T>(
  env: Record<string, string>,
  work: (ctx: AppContext) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env);
  const database = await connectDatabase(config.database as ConnectOptions);
  try {
    await migrateToLatest(database.db);
    return await work(
      createAppContext({
        config,
        db: database.db,
        mailer: createMailer({ smtpUrl: undefined, db: database.db, log: () => {} }),
        secrets: new SecretBox(config.secretKey),
      }),
    );
  } finally {
    await database.close();
  }
}

async function storeOrganization(
  ctx: AppContext,
  organizationName: string,
  farm: BenchFarm,
  withBalers: boolean,
): Promise<Account> {
  const password = 'Bench-hay-2026';
  const owner = await newConfirmedUser(ctx, { organizationName, password });
  await insertFields(
    ctx.db,
    owner.orgId,
    farm.fields.map(({ name, sizeHectares, boundary }) => ({ name, sizeHectares, boundary })),
  );
  await insertGeofences(
    ctx.db,
    owner.orgId,
    farm.geofences.map(({ name, boundary }) => ({ name, boundary })),
  );
  const balerKeys: string[] = [];
  if (withBalers) {
    for (const [i, baler] of farm.balers.entries()) {
      const created = await createBaler(ctx, owner.orgId, {
        vin: newVin(),
        name: `Baler ${i + 1}`,
      });
      const months = [...new Set(baler.activeMonths)].map((m) => m.slice(0, 7));
      await subscribe(ctx, owner.orgId, created.baler.id, months);
      balerKeys.push(created.apiKey);
    }
  }
  return { orgId: owner.orgId, email: owner.email, password, balerKeys };
}
