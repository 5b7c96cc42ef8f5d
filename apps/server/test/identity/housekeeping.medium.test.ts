import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdentityRows } from '../../src/features/identity/identity-housekeeping.ts';
import { sendConfirmationCode } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, latestCode, newPoolUser } from './pool-fixtures.ts';

// The hourly purge keeps the pool's tables small without changing what any client is told.

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

async function signIn(email: string, password: string, address: string) {
  return call(
    t.url,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.ctx.config.userPool.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
    { address },
  );
}

async function rowsOf(userId: string) {
  const [codes, families] = await Promise.all([
    t.ctx.db.selectFrom('userCodes').select('purpose').where('userId', '=', userId).execute(),
    t.ctx.db.selectFrom('refreshTokens').select('id').where('userId', '=', userId).execute(),
  ]);
  return { codes: codes.length, families: families.length };
}

describe('purgeExpiredIdentityRows', () => {
  it('keeps live codes, sessions and locks, and removes them once nothing can use them', async () => {
    const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, user.id);
    const owner = await newPoolUser(t.ctx);
    const signedIn = await signIn(owner.email, owner.password, '198.51.100.7');
    expect(signedIn.status).toBe(200);
    for (let i = 0; i < 5; i++) await signIn(owner.email, 'Wrong-pass1', '198.51.100.8');
    const throttleKeys = async () =>
      (await t.ctx.db.selectFrom('authThrottle').select('key').execute()).map((r) => r.key);
    expect(await throttleKeys()).toContain(`user:${owner.id}`);

    await purgeExpiredIdentityRows(t.ctx);
    expect(await rowsOf(user.id)).toEqual({ codes: 1, families: 0 });
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 1 });
    expect(await throttleKeys()).toContain(`user:${owner.id}`);

    // A day on, the sign-up code (24 h) and the lock (15 min) are over; the session is not.
    // The code stays a day more, so that its mail reads as expired.
    t.advance(DAY + 1000);
    await purgeExpiredIdentityRows(t.ctx);
    expect(await rowsOf(user.id)).toEqual({ codes: 1, families: 0 });
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 1 });
    expect(await throttleKeys()).not.toContain(`user:${owner.id}`);
    t.advance(DAY);
    const afterTwoDays = await purgeExpiredIdentityRows(t.ctx);
    expect(afterTwoDays.codes).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(user.id)).toEqual({ codes: 0, families: 0 });

    // The family outlives its expiry by one id-token lifetime, then goes.
    t.advance(28 * DAY);
    await purgeExpiredIdentityRows(t.ctx);
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 1 });
    t.advance(t.ctx.config.userPool.idTokenTtlSeconds * 1000);
    await purgeExpiredIdentityRows(t.ctx);
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 0 });
  });

  it('leaves an expired code reading as expired to its mail for a day, and a guess as wrong', async () => {
    const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, user.id);
    const code = await latestCode(t.ctx, user.email);
    const guess = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const confirm = async (ConfirmationCode: string) =>
      (
        await call(
          t.url,
          'ConfirmSignUp',
          { ClientId: t.ctx.config.userPool.clientId, Username: user.email, ConfirmationCode },
          { address: '198.51.100.9' },
        )
      ).body;

    t.advance(DAY + 1000);
    await purgeExpiredIdentityRows(t.ctx);
    expect(await confirm(code)).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    expect((await confirm(guess)).__type).toBe('CodeMismatchException');
    t.advance(DAY);
    await purgeExpiredIdentityRows(t.ctx);
    expect((await confirm(code)).__type).toBe('CodeMismatchException');
  });
});
