import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPoolUser,
  sendConfirmationCode,
  UserExistsError,
} from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, latestCode, newPoolUser } from './pool-fixtures.ts';

// Mailed codes (hashed, expiring, attempt-limited), the password policy on every password set,
// and the protocol's error shape for everything a client can get wrong.

let t: TestApp;
let clientId: string;
let lastAddress = 0;
const newAddress = () => `203.0.113.${++lastAddress}`;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  clientId = t.ctx.config.userPool.clientId;
});
afterAll(() => t.close());

const confirmSignUp = (Username: string, ConfirmationCode: string) =>
  call(
    t.url,
    'ConfirmSignUp',
    { ClientId: clientId, Username, ConfirmationCode },
    { address: newAddress() },
  );
const forgotPassword = (Username: string) =>
  call(t.url, 'ForgotPassword', { ClientId: clientId, Username });
const confirmForgotPassword = (Username: string, ConfirmationCode: string, Password: string) =>
  call(
    t.url,
    'ConfirmForgotPassword',
    { ClientId: clientId, Username, ConfirmationCode, Password },
    { address: newAddress() },
  );
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function unconfirmedUserWithCode() {
  const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
  await sendConfirmationCode(t.ctx, user.id);
  return { ...user, code: await latestCode(t.ctx, user.email) };
}

describe('mailed codes', () => {
  it('are 6 digits and stored only as a keyed hash', async () => {
    const user = await unconfirmedUserWithCode();
    expect(user.code).toMatch(/^\d{6}$/);
    const row = await t.ctx.db
      .selectFrom('userCodes')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(user.code);
    expect((await confirmSignUp(user.email, user.code)).status).toBe(200);
    // Used once, then gone: it reads as any wrong code does (for an unknown name too), not as
    // 'already confirmed'.
    expect((await confirmSignUp(user.email, user.code)).body.__type).toBe('CodeMismatchException');
  });

  it('expire: confirmation after 24 hours, reset after 1 hour', async () => {
    const unconfirmed = await unconfirmedUserWithCode();
    t.advance(24 * 3_600_000 + 60_000);
    expect((await confirmSignUp(unconfirmed.email, unconfirmed.code)).body).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });

    const user = await newPoolUser(t.ctx);
    await forgotPassword(user.email);
    const code = await latestCode(t.ctx, user.email);
    t.advance(3_600_000 + 60_000);
    expect((await confirmForgotPassword(user.email, code, 'Later-bales4')).body.__type).toBe(
      'ExpiredCodeException',
    );
  });

  it('take at most 5 tries, after which even the right code is refused', async () => {
    const user = await newPoolUser(t.ctx);
    await forgotPassword(user.email);
    const code = await latestCode(t.ctx, user.email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await confirmForgotPassword(user.email, otherCode(code), 'Guessed-it5')).body,
      ).toEqual({
        __type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
    }
    expect((await confirmForgotPassword(user.email, code, 'Guessed-it5')).body.__type).toBe(
      'LimitExceededException',
    );
    // A new code starts over.
    await forgotPassword(user.email);
    const fresh = await latestCode(t.ctx, user.email);
    expect((await confirmForgotPassword(user.email, fresh, 'Guessed-it5')).status).toBe(200);
  });

  it('reveal nothing about unknown names', async () => {
    const before = await t.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const forgot = await forgotPassword('nobody@example.com');
    expect(forgot.status).toBe(200);
    expect(forgot.body.CodeDeliveryDetails).toEqual({
      Destination: 'n***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const resend = await call(t.url, 'ResendConfirmationCode', {
      ClientId: clientId,
      Username: 'nobody@example.com',
    });
    expect(resend.body).toEqual(forgot.body);
    const after = await t.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await confirmSignUp('nobody@example.com', '123456')).body.__type).toBe(
      'CodeMismatchException',
    );
  });

  it('cannot be used to flood a mailbox', async () => {
    const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    const resend = () =>
      call(t.url, 'ResendConfirmationCode', { ClientId: clientId, Username: user.email });
    // Past 10 an hour the answer stays the same (as for a name nobody holds), but no mail goes.
    for (let i = 0; i < 12; i++) expect((await resend()).status).toBe(200);
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', user.email)
      .execute();
    expect(mails).toHaveLength(10);
    // The code of the 10th mail still confirms.
    expect((await confirmSignUp(user.email, await latestCode(t.ctx, user.email))).status).toBe(200);
  });
});

describe('password policy', () => {
  it('applies to reset (the code is not spent), and to users created by the server', async () => {
    const user = await newPoolUser(t.ctx);
    await forgotPassword(user.email);
    const code = await latestCode(t.ctx, user.email);
    for (const weak of ['Short1', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      expect((await confirmForgotPassword(user.email, code, weak)).body.__type).toBe(
        'InvalidPasswordException',
      );
    }
    expect((await confirmForgotPassword(user.email, code, 'Strong-enough6')).status).toBe(200);

    const base = {
      orgId: user.orgId,
      name: '',
      groups: ['AccountsOwner'],
      status: 'CONFIRMED' as const,
    };
    await expect(
      createPoolUser(t.ctx, { ...base, email: 'weak@example.com', password: 'weak' }),
    ).rejects.toMatchObject({
      type: 'InvalidPasswordException',
    });
    await expect(
      createPoolUser(t.ctx, {
        ...base,
        email: user.email.toUpperCase(),
        password: 'Strong-enough6',
      }),
    ).rejects.toBeInstanceOf(UserExistsError);
  });
});

describe('protocol errors', () => {
  const raw = (headers: Record<string, string>, body: string, path = '/cognito/') =>
    fetch(`${t.url}${path}`, { method: 'POST', headers, body });
  const amz = { 'content-type': 'application/x-amz-json-1.1' };

  it('answers bad requests with 400 and Cognito exception names, never 5xx', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [amz, '{}', 'UnknownOperationException'],
      [
        { ...amz, 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser' },
        '{}',
        'UnsupportedOperationException',
      ],
      [
        { ...amz, 'x-amz-target': 'AWSCognitoIdentityProviderService.__proto__' },
        '{}',
        'UnsupportedOperationException',
      ],
      [
        { ...amz, 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        '{not json',
        'SerializationException',
      ],
      [
        { ...amz, 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        '[]',
        'InvalidParameterException',
      ],
      [
        { ...amz, 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
        '',
        'InvalidParameterException',
      ],
      [
        {
          'content-type': 'text/plain',
          'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
        },
        '{}',
        'SerializationException',
      ],
    ];
    for (const [headers, body, type] of cases) {
      const response = await raw(headers, body);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-amzn-errortype')).toBe(`${type}:`);
      expect(((await response.json()) as { __type: string }).__type).toBe(type);
    }
  });

  it('refuses flows and challenges this pool does not offer, with a clear 4xx', async () => {
    const user = await newPoolUser(t.ctx);
    const signUp = await call(t.url, 'SignUp', {
      ClientId: clientId,
      Username: 'new@example.com',
      Password: 'Meadow-hay1',
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.__type).toBe('NotAuthorizedException');
    expect(signUp.body.message).toContain('Register in the Baletrack app');

    const admin = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'ADMIN_NO_SRP_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email },
    });
    expect(admin.body.__type).toBe('InvalidParameterException');
    // A custom challenge answered without the session its code was asked in.
    const custom = await call(t.url, 'RespondToAuthChallenge', {
      ChallengeName: 'CUSTOM_CHALLENGE',
      ClientId: clientId,
      ChallengeResponses: { USERNAME: user.email, ANSWER: '42' },
    });
    expect(custom.body.__type).toBe('NotAuthorizedException');
    const wrongClient = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'someone-else',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(wrongClient.body.__type).toBe('ResourceNotFoundException');
    const missing = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email },
    });
    expect(missing.body.__type).toBe('InvalidParameterException');
  });

  it('offers the choice when the preferred challenge is not available, and spends the session once', async () => {
    const user = await newPoolUser(t.ctx);
    const offered = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'USER_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
    });
    expect(offered.body).toMatchObject({
      ChallengeName: 'SELECT_CHALLENGE',
      AvailableChallenges: ['PASSWORD', 'PASSWORD_SRP'],
    });
    const choose = (ANSWER: string) =>
      call(t.url, 'RespondToAuthChallenge', {
        ChallengeName: 'SELECT_CHALLENGE',
        ClientId: clientId,
        Session: offered.body.Session,
        ChallengeResponses: { USERNAME: user.email, ANSWER, PASSWORD: user.password },
      });
    expect((await choose('EMAIL_OTP')).body.__type).toBe('InvalidParameterException');
    expect((await choose('PASSWORD')).status).toBe(200);
    expect((await choose('PASSWORD')).body.__type).toBe('NotAuthorizedException');
  });

  it('refreshes with InitiateAuth REFRESH_TOKEN_AUTH too, without handing out a new refresh token', async () => {
    const user = await newPoolUser(t.ctx);
    const signedIn = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    const RefreshToken = signedIn.body.AuthenticationResult?.RefreshToken;
    const refreshed = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });
    expect(refreshed.body.AuthenticationResult).toMatchObject({
      TokenType: 'Bearer',
      ExpiresIn: 3600,
    });
    expect(refreshed.body.AuthenticationResult).not.toHaveProperty('RefreshToken');
    const bogus = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: 'not-a-token' },
    });
    expect(bogus.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('accepts the endpoint with and without the trailing slash, and publishes the JWKS', async () => {
    const user = await newPoolUser(t.ctx);
    const params = {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    };
    expect((await call(t.url, 'InitiateAuth', params, { path: '/cognito' })).status).toBe(200);
    const poolId = t.ctx.config.userPool.id;
    const jwks = await fetch(`${t.url}/cognito/${poolId}/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
    });
    const discovery = await (
      await fetch(`${t.url}/cognito/${poolId}/.well-known/openid-configuration`)
    ).json();
    expect(discovery).toMatchObject({ issuer: `${t.url}/cognito/${poolId}` });
    expect((await fetch(`${t.url}/cognito/other_pool/.well-known/jwks.json`)).status).toBe(404);
  });
});
