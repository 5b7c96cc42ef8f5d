import { connectDatabase } from '@baletrack/db/connect';
import { migrateToLatest } from '@baletrack/db/migrate';
import { loadConfig } from './config.ts';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const config = loadConfig();
const database = await connectDatabase(config.database);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
