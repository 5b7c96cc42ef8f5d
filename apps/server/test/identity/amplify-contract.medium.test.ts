import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendConfirmationCode } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, latestCode, newPoolUser } from './pool-fixtures.ts';

// The contract: the real aws-amplify library, in Node, against the running server. Amplify is
// a singleton holding tokens in memory, so the tests run in order and sign out after each.

let t: TestApp;
let poolId: string;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ id: poolId, clientId } = t.ctx.config.userPool);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: poolId,
        userPoolClientId: clientId,
        userPoolEndpoint: `${t.url}/cognito/`,
      },
    },
  });
});
afterEach(async () => {
  await signOut();
});
afterAll(() => t.close());

async function storedRefreshToken(): Promise<string> {
  const tokens = await cognitoUserPoolsTokenProvider.authTokenStore.loadTokens();
  if (!tokens?.refreshToken) throw new Error('no refresh token stored');
  return tokens.refreshToken;
}

const refreshWith = (refreshToken: string) =>
  call(t.url, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken });

describe('aws-amplify against the embedded user pool', () => {
  it('confirms a sign-up with the mailed code, after a resend voided the first one', async () => {
    const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, user.id);
    const first = await latestCode(t.ctx, user.email);

    // The right password on an unconfirmed account leads to the confirmation step.
    const early = await signIn({ username: user.email, password: user.password });
    expect(early).toEqual({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });

    const resent = await resendSignUpCode({ username: user.email });
    expect(resent).toMatchObject({ deliveryMedium: 'EMAIL', attributeName: 'email' });
    expect(resent.destination).toMatch(/^f\*\*\*@e\*\*\*\.com$/);
    const second = await latestCode(t.ctx, user.email);
    if (first !== second) {
      await expect(
        confirmSignUp({ username: user.email, confirmationCode: first }),
      ).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    expect(await confirmSignUp({ username: user.email, confirmationCode: second })).toMatchObject({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'DONE' },
    });
    expect(await signIn({ username: user.email, password: user.password })).toMatchObject({
      isSignedIn: true,
    });
  });

  it('signs in with SRP (the default) and issues the tokens the APIs expect', async () => {
    const user = await newPoolUser(t.ctx, { groups: ['AccountsOwner'] });
    expect(await signIn({ username: user.email, password: user.password })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    const { tokens } = await fetchAuthSession();
    const issuer = `${t.url}/cognito/${poolId}`;
    const id = tokens?.idToken?.payload ?? {};
    expect(id).toMatchObject({
      sub: user.id,
      'cognito:username': user.id,
      email: user.email,
      email_verified: true,
      'cognito:groups': ['AccountsOwner'],
      'custom:accountId': user.orgId,
      aud: clientId,
      iss: issuer,
      token_use: 'id',
    });
    for (const claim of ['auth_time', 'iat', 'exp', 'jti', 'origin_jti'])
      expect(id).toHaveProperty(claim);
    const access = tokens?.accessToken.payload ?? {};
    expect(access).toMatchObject({
      sub: user.id,
      username: user.id,
      client_id: clientId,
      scope: 'aws.cognito.signin.user.admin',
      iss: issuer,
      token_use: 'access',
      origin_jti: id.origin_jti,
    });
    expect(access.exp).toBe((access.iat as number) + t.ctx.config.userPool.idTokenTtlSeconds);

    // Anyone can check the id token against the published JWKS at the issuer.
    const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    const verified = await jwtVerify(tokens?.idToken?.toString() ?? '', jwks, {
      issuer,
      audience: clientId,
    });
    expect(verified.protectedHeader.alg).toBe('RS256');
    expect(verified.protectedHeader.kid).toBeTruthy();

    expect(await getCurrentUser()).toMatchObject({ userId: user.id, username: user.id });
    expect(await fetchUserAttributes()).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: 'true',
      name: 'Pat Farmer',
      'custom:accountId': user.orgId,
    });
  });

  it('signs in with USER_PASSWORD_AUTH', async () => {
    const user = await newPoolUser(t.ctx);
    const result = await signIn({
      username: user.email,
      password: user.password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result.isSignedIn).toBe(true);
    expect((await getCurrentUser()).userId).toBe(user.id);
  });

  it('signs in with USER_AUTH and a preferred PASSWORD or PASSWORD_SRP challenge', async () => {
    const user = await newPoolUser(t.ctx);
    for (const preferredChallenge of ['PASSWORD', 'PASSWORD_SRP'] as const) {
      const result = await signIn({
        username: user.email,
        password: user.password,
        options: { authFlowType: 'USER_AUTH', preferredChallenge },
      });
      expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
      await signOut();
    }
  });

  it('lets the user pick a challenge in USER_AUTH without a preference (SELECT_CHALLENGE)', async () => {
    const user = await newPoolUser(t.ctx);
    for (const choice of ['PASSWORD_SRP', 'PASSWORD']) {
      const offered = await signIn({
        username: user.email,
        options: { authFlowType: 'USER_AUTH' },
      });
      expect(offered).toEqual({
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
          availableChallenges: ['PASSWORD', 'PASSWORD_SRP'],
        },
      });
      expect(await confirmSignIn({ challengeResponse: choice })).toEqual({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_PASSWORD' },
      });
      expect(await confirmSignIn({ challengeResponse: user.password })).toEqual({
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
      });
      expect((await getCurrentUser()).userId).toBe(user.id);
      await signOut();
    }
  });

  it('makes an invited user choose a new password (NEW_PASSWORD_REQUIRED)', async () => {
    const user = await newPoolUser(t.ctx, {
      status: 'FORCE_CHANGE_PASSWORD',
      password: 'Temporary-pw1',
    });
    expect(await signIn({ username: user.email, password: user.password })).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] },
    });
    // A password against the policy is refused and the step can be retried.
    await expect(confirmSignIn({ challengeResponse: 'weak' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    expect(await confirmSignIn({ challengeResponse: 'Own-password9' })).toEqual({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    await signOut();
    await expect(signIn({ username: user.email, password: user.password })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: user.email, password: 'Own-password9' })).isSignedIn).toBe(
      true,
    );
  });

  it('refreshes tokens within the same family (GetTokensFromRefreshToken)', async () => {
    const user = await newPoolUser(t.ctx);
    await signIn({ username: user.email, password: user.password });
    const before = (await fetchAuthSession()).tokens?.idToken?.payload ?? {};
    t.advance(2000);
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens?.idToken?.payload ?? {};
    expect(after.jti).not.toBe(before.jti);
    expect(after.iat).toBeGreaterThan(before.iat as number);
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.auth_time).toBe(before.auth_time);
    // The refresh token is not rotated, as with Cognito's default.
    expect(await storedRefreshToken()).toBeTruthy();
  });

  it('changes the password (updatePassword)', async () => {
    const user = await newPoolUser(t.ctx);
    await signIn({ username: user.email, password: user.password });
    await expect(
      updatePassword({ oldPassword: 'Not-the-one1', newPassword: 'Second-cut22' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      updatePassword({ oldPassword: user.password, newPassword: 'short' }),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    await updatePassword({ oldPassword: user.password, newPassword: 'Second-cut22' });
    await signOut();
    expect((await signIn({ username: user.email, password: 'Second-cut22' })).isSignedIn).toBe(
      true,
    );
  });

  it('resets a forgotten password with the mailed code, ending older sessions', async () => {
    const user = await newPoolUser(t.ctx);
    await signIn({ username: user.email, password: user.password });
    const oldRefreshToken = await storedRefreshToken();
    await signOut({ global: false });

    const started = await resetPassword({ username: user.email });
    expect(started.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', attributeName: 'email' },
    });
    const code = await latestCode(t.ctx, user.email);
    await confirmResetPassword({
      username: user.email,
      confirmationCode: code,
      newPassword: 'Fresh-bales3',
    });
    await expect(signIn({ username: user.email, password: user.password })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: user.email, password: 'Fresh-bales3' })).isSignedIn).toBe(
      true,
    );
    expect((await refreshWith(oldRefreshToken)).body.__type).toBe('NotAuthorizedException');
  });

  it('revokes the refresh token on signOut', async () => {
    const user = await newPoolUser(t.ctx);
    await signIn({ username: user.email, password: user.password });
    const refreshToken = await storedRefreshToken();
    expect((await refreshWith(refreshToken)).status).toBe(200);
    await signOut();
    const refused = await refreshWith(refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
  });

  it('ends every session of the user on signOut({ global: true })', async () => {
    const user = await newPoolUser(t.ctx);
    // Another device's session, opened over the wire.
    const other = await call(t.url, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    const otherTokens = other.body.AuthenticationResult ?? {
      RefreshToken: '',
      AccessToken: '',
      IdToken: '',
    };
    await signIn({ username: user.email, password: user.password });
    const refreshToken = await storedRefreshToken();
    await signOut({ global: true });
    for (const token of [refreshToken, otherTokens.RefreshToken ?? '']) {
      expect((await refreshWith(token)).body.__type).toBe('NotAuthorizedException');
    }
    const getUser = await call(t.url, 'GetUser', { AccessToken: otherTokens.AccessToken });
    expect(getUser.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    expect(decodeJwt(otherTokens.IdToken ?? '').origin_jti).toBeTruthy();
  });

  it('maps a wrong password and an unknown user to the same error', async () => {
    const user = await newPoolUser(t.ctx);
    const wrong = signIn({ username: user.email, password: 'Wrong-password1' });
    await expect(wrong).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const unknown = signIn({ username: 'nobody@example.com', password: 'Wrong-password1' });
    await expect(unknown).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });
});
