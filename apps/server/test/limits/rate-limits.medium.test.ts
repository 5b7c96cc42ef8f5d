import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Request rate limits count in the database: two app processes on one database enforce the same
// limit as one, and a restart does not start the count again (docs/operations.md).

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ sameDatabaseAs: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/** A registration attempt (refused for its body, but counted by the limit first). */
async function register(app: TestApp): Promise<number> {
  const response = await fetch(`${app.url}/user-api/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationName: 'x' }),
  });
  return response.status;
}

describe('registration, 20 an hour per address', () => {
  it('is one limit across two processes and a restart', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await register(first));
    for (let i = 0; i < 8; i++) statuses.push(await register(second));
    expect(statuses.every((s) => s === 400)).toBe(true);

    // A third process starts (the first restarted): the count goes on from 16.
    const restarted = await startTestApp({ sameDatabaseAs: first });
    try {
      const more: number[] = [];
      for (let i = 0; i < 6; i++) more.push(await register(restarted));
      expect(more).toEqual([400, 400, 400, 400, 429, 429]);
      expect(await register(first)).toBe(429);
    } finally {
      await restarted.close();
    }

    // A new window after the hour.
    for (const app of [first, second]) app.advance(61 * 60_000);
    expect(await register(second)).toBe(400);
  });
});

describe('old counters', () => {
  it('are purged once their window is a day behind', async () => {
    const { countRequest, deleteStaleRequestCounts } = await import(
      '../../src/lib/rate-limit/rate-limits.repository.ts'
    );
    const now = first.ctx.now();
    await countRequest(
      first.ctx.db,
      'GET /old|198.51.100.1',
      60_000,
      new Date(now.getTime() - 2 * 86_400_000),
    );
    await countRequest(first.ctx.db, 'GET /new|198.51.100.1', 60_000, now);
    expect(await deleteStaleRequestCounts(first.ctx.db, new Date(now.getTime() - 86_400_000))).toBe(
      1,
    );
    const keys = await first.ctx.db.selectFrom('rateLimits').select('key').execute();
    expect(keys.map((k) => k.key)).toContain('GET /new|198.51.100.1');
    expect(keys.map((k) => k.key)).not.toContain('GET /old|198.51.100.1');
  });
});
