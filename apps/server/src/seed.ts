import { connectDatabase } from '@baletrack/db/connect';
import { migrateToLatest } from '@baletrack/db/migrate';
import { loadConfig } from './config.ts';
import {
  countNonDemoOrganizations,
  findDemoOrganization,
} from './features/demo/demo.repository.ts';
import { demoOwner, seedDemo } from './features/demo/demo.service.ts';
import { demoBalerKeyPath } from './features/demo/demo-baler-key.ts';
import { commandContext, runCommand } from './lib/command.ts';

// `npm run db:seed`: seeds the demo farm into the configured database, which must hold no
// organization but the demo's; a real deployment is refused untouched.
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await connectDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const others = await countNonDemoOrganizations(database.db);
    if (others > 0) {
      console.error(
        `Refusing to seed: this database holds ${others} organization${others === 1 ? '' : 's'} ` +
          'besides the demo. db:seed only seeds an empty database.',
      );
      return 1;
    }
    const signIn = `sign in as ${demoOwner.email} with password ${demoOwner.password}`;
    if (await findDemoOrganization(database.db)) {
      console.log(`The demo farm is already seeded: ${signIn}.`);
      return 0;
    }
    const started = performance.now();
    await seedDemo(commandContext(config, database));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `Seeded the demo farm in ${seconds} s (database: ${database.kind}): ${signIn}.`,
        `The demo baler's ingest key is in ${demoBalerKeyPath(config.dataDir)} (npm run simulate reads it).`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
