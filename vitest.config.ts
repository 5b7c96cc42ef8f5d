import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two tiers (docs/adr/0008-test-tiers.md): `unit` is pure code, `medium` boots real services
// against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). Browser journeys
// live in e2e/.
export default defineConfig({
  // The web app's `@/` alias (apps/web/tsconfig.json), for its unit tests.
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.medium.test.ts', '**/node_modules/**'],
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
