// `npm test`: every check and test tier, installing what it needs (README "Quick start").
// Order: fast checks first, so a typo fails in seconds rather than after the browser tests.
import fs from 'node:fs';
import { startThrowawayPostgres } from './lib/postgres.mjs';
import { aptInstall, ensureDependencies, run } from './lib/run.mjs';

const npm = (...args) => run('npm', args);
const step = (title) => console.log(`\n━━ ${title}`);

await ensureDependencies();

step('Lint and format (Biome)');
await npm('run', 'lint');
step('Typecheck');
await npm('run', 'check');
step('Unit tests');
await npm('run', 'test:unit');
step('Component tests (web forms and panels in happy-dom)');
await npm('run', 'test:component');
step('Medium tests on PGlite');
await npm('run', 'test:medium');

step('Medium tests on PostgreSQL');
// File conversion runs in worker processes and reads no table (ADR 13): once, on PGlite, is
// enough; on PostgreSQL it was a fifth of the tier's time.
const onPostgres = ['run', 'test:medium', '--', '--exclude', 'apps/server/test/convert/**'];
if (process.env.TEST_DATABASE_URL) {
  await npm(...onPostgres);
} else {
  const postgres = await startThrowawayPostgres();
  try {
    await run('npm', onPostgres, {
      env: { ...process.env, TEST_DATABASE_URL: postgres.url },
    });
  } finally {
    await postgres.stop();
  }
}

step('Browser journeys (Playwright, Debian Chromium)');
if (!fs.existsSync('/usr/bin/chromium')) await aptInstall(['chromium']);
await npm('run', 'build');
await npm('run', 'test:e2e');
console.log('\nAll checks and test tiers passed.');
