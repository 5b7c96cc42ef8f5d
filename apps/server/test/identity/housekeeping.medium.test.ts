import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdentityRows } from '../../src/features/identity/identity-housekeeping.ts';
import { sendConfirmationCode } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, newPoolUser } from './pool-fixtures.ts';

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
    t.advance(DAY + 1000);
    const afterADay = await purgeExpiredIdentityRows(t.ctx);
    expect(afterADay.codes).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(user.id)).toEqual({ codes: 0, families: 0 });
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 1 });
    expect(await throttleKeys()).not.toContain(`user:${owner.id}`);

    // The family outlives its expiry by one id-token lifetime, then goes.
    t.advance(29 * DAY);
    await purgeExpiredIdentityRows(t.ctx);
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 1 });
    t.advance(t.ctx.config.userPool.idTokenTtlSeconds * 1000);
    await purgeExpiredIdentityRows(t.ctx);
    expect(await rowsOf(owner.id)).toEqual({ codes: 0, families: 0 });
  });

  it('leaves an expired code reading as expired to the client', async () => {
    const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, user.id);
    t.advance(DAY + 1000);
    await purgeExpiredIdentityRows(t.ctx);
    const answer = await call(
      t.url,
      'ConfirmSignUp',
      {
        ClientId: t.ctx.config.userPool.clientId,
        Username: user.email,
        ConfirmationCode: '123456',
      },
      { address: '198.51.100.9' },
    );
    expect(answer.body).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });
});
