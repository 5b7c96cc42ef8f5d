import { parseArgs } from 'node:util';
import { connectDatabase, type DatabaseHandle } from '@baletrack/db/connect';
import { DirectoryLockedError } from '@baletrack/db/directory-lock';
import { migrateToLatest } from '@baletrack/db/migrate';
import { loadConfig } from './config.ts';
import { superAdminThroughServer } from './features/admin/operator-channel.ts';
import {
  createSuperAdmin,
  SuperAdminInputError,
  type SuperAdminResult,
} from './features/admin/superadmin.service.ts';
import { seedDemo } from './features/demo/demo.service.ts';
import { commandContext, runCommand } from './lib/command.ts';

// `npm run superadmin -- --email ops@example.com [--password …]`: creates a SuperAdmin, or adds
// an existing user to SuperAdmins, in the configured database (the same DATA_DIR or
// DATABASE_URL as the server). While a server holds the embedded database, that server does it
// (operator-channel.ts). Nothing is changed when the database cannot be reached.
const usage = 'Usage: npm run superadmin -- --email <address> [--password <password>]';

async function main(): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help || !values.email) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const where = config.database.url ? 'DATABASE_URL' : config.database.dataDir;
  const input = {
    email: values.email,
    ...(values.password === undefined ? {} : { password: values.password }),
  };
  let database: DatabaseHandle;
  try {
    database = await connectDatabase(config.database);
    await migrateToLatest(database.db);
  } catch (error) {
    if (error instanceof DirectoryLockedError) return throughRunningServer(config.dataDir, input);
    console.error(
      `Cannot reach the database (${where}): ${(error as Error).message}\nNothing was changed.`,
    );
    return 1;
  }
  try {
    const ctx = commandContext(config, database);
    // As a first start would: the demo is seeded into an empty embedded database before the
    // operator's organization exists, so creating the operator first does not lose it.
    if (config.seedDemo) await seedDemo(ctx);
    console.log(describe(input.email, await createSuperAdmin(ctx, input)));
    return 0;
  } catch (error) {
    return refused(error);
  } finally {
    await database.close();
  }
}

/** The embedded database is the running server's: it makes the SuperAdmin. */
async function throughRunningServer(
  dataDir: string,
  input: { email: string; password?: string },
): Promise<number> {
  try {
    const result = await superAdminThroughServer(dataDir, input);
    console.log(`${describe(input.email, result)}\n(Done by the server running on ${dataDir}.)`);
    return 0;
  } catch (error) {
    if (error instanceof SuperAdminInputError) return refused(error);
    console.error(
      `The embedded database in ${dataDir} is in use, and the server using it did not answer ` +
        `(${(error as Error).message}). Stop that process and try again.\nNothing was changed.`,
    );
    return 1;
  }
}

function refused(error: unknown): number {
  if (!(error instanceof SuperAdminInputError)) throw error;
  console.error(`${error.message}\n${usage}`);
  return 2;
}

function describe(email: string, result: SuperAdminResult): string {
  switch (result.action) {
    case 'unchanged':
      return `${email} is already a SuperAdmin.`;
    case 'promoted':
      return `${email} is now a SuperAdmin. They sign in again to see the Admin screen.`;
    case 'created':
      return result.temporaryPassword
        ? `Created the SuperAdmin ${email} with the temporary password ${result.temporaryPassword}\n` +
            'It must be changed at the first sign-in.'
        : `Created the SuperAdmin ${email}; they sign in with the password given.`;
  }
}

runCommand(main);
