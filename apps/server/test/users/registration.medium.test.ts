import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { registerResponseSchema } from '@baletrack/contracts/identity/register';
import { currentUserSchema, organizationSchema } from '@baletrack/contracts/identity/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognito, readMailedCode, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const valid = {
  organizationName: 'Sunny Meadows',
  email: 'Owner@Sunny-Meadows.example',
  password: 'Hayday2026',
  confirmPassword: 'Hayday2026',
  eulaAccepted: true,
  privacyAccepted: true,
};

function register(body: unknown, contentType = 'application/json') {
  return fetch(`${t.url}/user-api/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function counts() {
  const organizations = await t.ctx.db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const users = await t.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { organizations: Number(organizations.n), users: Number(users.n) };
}

describe('POST /user-api/public/user/register', () => {
  it('creates the organization and its unconfirmed owner and mails a confirmation code', async () => {
    const response = await register(valid);
    expect(response.status).toBe(201);
    const body = registerResponseSchema.parse(await response.json());
    expect(body).toMatchObject({ email: 'owner@sunny-meadows.example', userConfirmed: false });

    const user = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      orgId: body.organizationId,
      status: 'UNCONFIRMED',
      groups: ['AccountsOwner'],
    });
    const organization = await t.ctx.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', body.organizationId)
      .executeTakeFirstOrThrow();
    expect(organization.name).toBe('Sunny Meadows');

    // The owner confirms with the mailed code, signs in, and reads their user and organization.
    const code = await readMailedCode(t.ctx, 'owner@sunny-meadows.example');
    const confirm = await cognito(t.url, 'ConfirmSignUp', {
      ClientId: t.ctx.config.userPool.clientId,
      Username: 'owner@sunny-meadows.example',
      ConfirmationCode: code,
    });
    expect(confirm.status).toBe(200);
    const tokens = await signIn(t, 'owner@sunny-meadows.example', 'Hayday2026');
    const me = await fetch(`${t.url}/user-api/user`, {
      headers: { authorization: tokens.IdToken },
    });
    expect(me.status).toBe(200);
    expect(currentUserSchema.parse(await me.json())).toMatchObject({
      id: body.userId,
      email: 'owner@sunny-meadows.example',
      organizationId: body.organizationId,
      groups: ['AccountsOwner'],
      status: 'confirmed',
    });
    const org = await fetch(`${t.url}/user-api/user/organization`, {
      headers: { authorization: tokens.IdToken },
    });
    expect(organizationSchema.parse(await org.json())).toMatchObject({
      id: body.organizationId,
      name: 'Sunny Meadows',
    });
  });

  it("answers an address that is taken with 'User already exists' and creates nothing", async () => {
    const before = await counts();
    const response = await register({
      ...valid,
      organizationName: 'Another Farm',
      email: 'owner@sunny-meadows.example',
    });
    expect(response.status).toBe(409);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({
      code: 'CONFLICT',
      message: messages.user.alreadyExists,
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ organizationName: 'AB' }, 'organizationName', messages.validation.organizationNameTooShort],
    [
      { password: 'Short1a', confirmPassword: 'Short1a' },
      'password',
      messages.validation.passwordTooShort,
    ],
    [
      { password: 'nonumbersHere', confirmPassword: 'nonumbersHere' },
      'password',
      messages.validation.passwordNeedsNumber,
    ],
    [
      { password: 'NOLOWER123', confirmPassword: 'NOLOWER123' },
      'password',
      messages.validation.passwordNeedsLowercase,
    ],
    [
      { password: 'noupper123', confirmPassword: 'noupper123' },
      'password',
      messages.validation.passwordNeedsUppercase,
    ],
    [{ confirmPassword: 'Hayday2027' }, 'confirmPassword', 'Passwords do not match'],
    [{ eulaAccepted: false }, 'eulaAccepted', 'You must agree to the EULA'],
    [{ privacyAccepted: false }, 'privacyAccepted', 'You must agree to the Privacy Statement'],
    [{ email: 'not-an-address' }, 'email', messages.validation.emailInvalid],
  ])(
    'refuses %j with the rule’s message on %s and stores nothing',
    async (change, path, message) => {
      const before = await counts();
      const response = await register({ ...valid, email: 'new@farm.example', ...change });
      expect(response.status).toBe(400);
      const body = apiErrorSchema.parse(await response.json());
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.issues).toContainEqual({ path, message });
      expect(await counts()).toEqual(before);
    },
  );

  it.each([
    ['not JSON', '{"organizationName": ', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['an array', '[1,2,3]', 'application/json'],
    ['null', 'null', 'application/json'],
    [
      'wrong types',
      JSON.stringify({ ...valid, eulaAccepted: 'yes', password: 12345678 }),
      'application/json',
    ],
    [
      'a huge organization name',
      JSON.stringify({
        ...valid,
        email: 'huge@farm.example',
        organizationName: 'x'.repeat(100_000),
      }),
      'application/json',
    ],
    [
      'a body far too large',
      JSON.stringify({ ...valid, filler: 'x'.repeat(2_000_000) }),
      'application/json',
    ],
    ['form encoding', 'organizationName=Farm', 'application/x-www-form-urlencoded'],
    [
      'a prototype-pollution attempt',
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
      'application/json',
    ],
  ])(
    'answers %s with a 4xx and a clear message, storing nothing',
    async (_name, body, contentType) => {
      const before = await counts();
      const response = await register(body, contentType);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const error = apiErrorSchema.parse(await response.json());
      expect(error.message.length).toBeGreaterThan(5);
      expect(await counts()).toEqual(before);
    },
  );
});
