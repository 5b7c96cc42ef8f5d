import { defineConfig } from 'vitest/config';

// Two tiers (house style 8): `unit` is pure code, `medium` boots real services against a real
// database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). Browser journeys live in e2e/.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.medium.test.ts', '**/node_modules/**'],
        },
      },
      {
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
