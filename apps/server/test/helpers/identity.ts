import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../src/app-context.ts';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { insertOrganization } from '../../src/features/users/users.repository.ts';

/** The newest 6-digit code mailed to an address (from the local outbox). */
export async function readMailedCode(ctx: AppContext, email: string): Promise<string> {
  const mail = await ctx.db
    .selectFrom('outbox')
    .select('text')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in mail to ${email}: ${mail.text}`);
  return code;
}

/** One raw call to the user pool, as Amplify makes it. */
export async function cognito(
  baseUrl: string,
  operation: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
}

/** Signs in with USER_PASSWORD_AUTH and returns the tokens. */
export async function signIn(
  app: { url: string; ctx: AppContext },
  email: string,
  password: string,
): Promise<{ IdToken: string; AccessToken: string; RefreshToken: string }> {
  const response = await cognito(app.url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: app.ctx.config.userPool.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const body = (await response.json()) as { AuthenticationResult?: Record<string, string> };
  if (!response.ok || !body.AuthenticationResult) {
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.AuthenticationResult as {
    IdToken: string;
    AccessToken: string;
    RefreshToken: string;
  };
}

/**
 * An organization with one confirmed user in the given groups (a typed factory,
 * docs/adr/0008-test-tiers.md).
 */
export async function newConfirmedUser(
  ctx: AppContext,
  options: { groups?: string[]; organizationName?: string; password?: string } = {},
) {
  const orgId = randomUUID();
  const email = `user-${orgId.slice(0, 8)}@example.com`;
  const password = options.password ?? 'Correct-horse1';
  await insertOrganization(ctx.db, {
    id: orgId,
    name: options.organizationName ?? `Farm ${orgId.slice(0, 4)}`,
  });
  const { id } = await createPoolUser(ctx, {
    orgId,
    email,
    name: 'Test User',
    password,
    groups: options.groups ?? ['AccountsOwner'],
    status: 'CONFIRMED',
  });
  return { id, orgId, email, password };
}
