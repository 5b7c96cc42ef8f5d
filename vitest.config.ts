import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './scripts/lib/slow-files-first.ts';

// Three tiers here (docs/adr/0008-test-tiers.md, docs/ARCHITECTURE.md#tests): `unit` is pure code,
// `component` renders the web app's forms and panels in happy-dom with Testing Library, `medium`
// boots real services against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is
// set). Browser journeys live in e2e/.
export default defineConfig({
  // The web app's `@/` alias (apps/web/tsconfig.json), for its unit and component tests.
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    env: { TZ: 'UTC' },
    // Speed (docs/adr/0008-test-tiers.md, "Keeping the tiers fast"): a worker per core and at
    // least two (Vitest's default leaves one core idle, which on a 2-core machine is half of it),
    // and test files share their worker's modules instead of importing the server again per file
    // (about 100 s a medium run). Files must therefore leave no state behind them: every app and
    // database a file starts, it closes; no module-level mocks (none of the tiers uses vi.mock).
    maxWorkers: Math.max(2, os.availableParallelism()),
    isolate: false,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The ingest check's corpus test takes 1.9 s alone and 7.5 s at load 5 on 2 cores.
          testTimeout: 15_000,
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.medium.test.ts', '**/*.component.test.tsx', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'happy-dom',
          // A whole form (the filter form's 30 boxes) renders in about 1.3 s per test; on a loaded
          // 2-core machine 4x that, past Vitest's default 5 s.
          testTimeout: 15_000,
          include: ['apps/web/src/**/*.component.test.tsx'],
          setupFiles: ['apps/web/src/testing/component-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'medium',
          globalSetup: ['packages/db/src/testing/global-setup.ts'],
          include: ['packages/*/src/**/*.medium.test.ts', 'apps/server/test/**/*.medium.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
