import type { AppContext } from '../../src/app-context.ts';
import { cognito, signIn } from './identity.ts';
import type { TestApp } from './test-app.ts';

export interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One call to an API (`/user-api`, `/data-api`) with an id token, as the web app makes it. */
export function apiCall(
  t: TestApp,
  token: string | undefined,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const qs = options.query ? `?${new URLSearchParams(options.query)}` : '';
  return fetch(`${t.url}${path}${qs}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: token }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** The temporary password of the newest invite mailed to an address (from the local outbox). */
export async function readInvitePassword(ctx: AppContext, email: string): Promise<string> {
  const mail = await ctx.db
    .selectFrom('outbox')
    .select('text')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const password = /temporary password:\n\n(\S+)\n/.exec(mail.text)?.[1];
  if (!password) throw new Error(`No temporary password in mail to ${email}: ${mail.text}`);
  return password;
}

/**
 * Signs in an invited user with their temporary password and answers NEW_PASSWORD_REQUIRED,
 * as the login screen's 'New password' step does; returns their tokens.
 */
export async function acceptInvite(
  t: TestApp,
  email: string,
  newPassword: string,
  temporaryPassword?: string,
) {
  const { clientId } = t.ctx.config.userPool;
  const started = await cognito(t.url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: {
      USERNAME: email,
      PASSWORD: temporaryPassword ?? (await readInvitePassword(t.ctx, email)),
    },
  });
  const challenge = (await started.json()) as { ChallengeName?: string; Session?: string };
  if (challenge.ChallengeName !== 'NEW_PASSWORD_REQUIRED') {
    throw new Error(`expected NEW_PASSWORD_REQUIRED, got ${JSON.stringify(challenge)}`);
  }
  const answered = await cognito(t.url, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId: clientId,
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
  });
  if (!answered.ok) throw new Error(`new password refused: ${await answered.text()}`);
  return signIn(t, email, newPassword);
}
