import { expect } from '@playwright/test';

// The journeys' test clock for background work (scripts/e2e-product.ts): runs the automated
// reports' schedule as of an instant, so a journey sees Monday 06:00's mail without waiting.

const controlPort = Number(process.env.E2E_PORT ?? 3199) + 1000;

/** Runs one round of the automated reports' schedule as of `at`; answers what it did. */
export async function runReportScheduleAt(at: Date): Promise<{ offered: number; sent: number }> {
  const response = await fetch(
    `http://127.0.0.1:${controlPort}/report-schedule?at=${encodeURIComponent(at.toISOString())}`,
    { method: 'POST' },
  );
  expect(response.status, 'the journeys control port answers').toBe(200);
  return (await response.json()) as { offered: number; sent: number };
}
