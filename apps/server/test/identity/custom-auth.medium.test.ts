import { Amplify } from 'aws-amplify';
import { confirmSignIn, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type CognitoAnswer, call, latestCode, newPoolUser } from './pool-fixtures.ts';

// Signing in with a code mailed to the user (CUSTOM_AUTH, with or without SRP): the real
// aws-amplify client drives it in Node; the raw protocol checks that names nobody can sign in
// with (unknown, unconfirmed, disabled) answer exactly as a user's email does.

let t: TestApp;
let clientId: string;
let lastAddress = 0;
const newAddress = () => `198.19.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  clientId = t.ctx.config.userPool.clientId;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: t.ctx.config.userPool.id,
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

const mailsTo = async (email: string) =>
  (await t.ctx.db.selectFrom('outbox').select('id').where('recipient', '=', email).execute())
    .length;

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('signing in with a mailed code, through aws-amplify', () => {
  it('mails a code that signs the user in once; a wrong code asks again', async () => {
    const user = await newPoolUser(t.ctx);
    const asked = await signIn({
      username: user.email,
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(asked.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    const code = await latestCode(t.ctx, user.email);

    const wrong = await confirmSignIn({ challengeResponse: otherThan(code) });
    expect(wrong).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    });
    expect(await confirmSignIn({ challengeResponse: code })).toMatchObject({ isSignedIn: true });
    expect((await getCurrentUser()).userId).toBe(user.id);
    await signOut();

    // Used once: the same code on a new sign-in is wrong (the new one is mailed).
    await signIn({ username: user.email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    const again = await confirmSignIn({ challengeResponse: code });
    expect(again.isSignedIn).toBe(false);
    expect(await latestCode(t.ctx, user.email)).not.toBe(code);
  });

  it('asks for the password first with SRP, and mails nothing for a wrong one', async () => {
    const user = await newPoolUser(t.ctx);
    const before = await mailsTo(user.email);
    await expect(
      signIn({
        username: user.email,
        password: 'Not-the-password1',
        options: { authFlowType: 'CUSTOM_WITH_SRP' },
      }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await mailsTo(user.email)).toBe(before);

    const asked = await signIn({
      username: user.email,
      password: user.password,
      options: { authFlowType: 'CUSTOM_WITH_SRP' },
    });
    expect(asked.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
    const code = await latestCode(t.ctx, user.email);
    expect(await confirmSignIn({ challengeResponse: code })).toMatchObject({ isSignedIn: true });
    expect((await getCurrentUser()).userId).toBe(user.id);
  });
});

/** InitiateAuth CUSTOM_AUTH for a name, from an address of its own. */
const askCode = (username: string, address: string) =>
  call(
    t.url,
    'InitiateAuth',
    { AuthFlow: 'CUSTOM_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username } },
    { address },
  );

const answerCode = (username: string, session: string | undefined, code: string, address: string) =>
  call(
    t.url,
    'RespondToAuthChallenge',
    {
      ChallengeName: 'CUSTOM_CHALLENGE',
      ClientId: clientId,
      Session: session,
      ChallengeResponses: { USERNAME: username, ANSWER: code },
    },
    { address },
  );

/** What a caller without the mailbox sees of an answer: ids and sessions are random. */
const shape = (answer: CognitoAnswer) => ({
  status: answer.status,
  type: answer.body.__type,
  message: answer.body.message,
  challenge: answer.body.ChallengeName,
  parameters: Object.keys(answer.body.ChallengeParameters ?? {}).sort(),
  username: /^[0-9a-f-]{36}$/.test(answer.body.ChallengeParameters?.USERNAME ?? ''),
  session: typeof answer.body.Session,
});

describe('a mailed code tells nothing about who has an account', () => {
  it('answers unknown, unconfirmed and disabled names as a user, mailing them nothing', async () => {
    const user = await newPoolUser(t.ctx);
    const unconfirmed = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    const disabled = await newPoolUser(t.ctx);
    await setUserEnabled(t.ctx, disabled.id, false);
    const names = [user.email, 'nobody-here@example.com', unconfirmed.email, disabled.email];

    // Each name: ask for a code, then answer wrong six times (the lockout comes at five).
    const journeys = await Promise.all(
      names.map(async (name) => {
        const address = newAddress();
        const mailsBefore = await mailsTo(name);
        const answers = [await askCode(name, address)];
        const wrong = name === user.email ? otherThan(await latestCode(t.ctx, name)) : '000000';
        for (let i = 0; i < 6; i++) {
          const last = answers.at(-1)?.body.Session;
          answers.push(await answerCode(name, last, wrong, address));
        }
        return { answers: answers.map(shape), mailed: (await mailsTo(name)) - mailsBefore };
      }),
    );
    const [known, ...others] = journeys;
    expect(known?.mailed).toBe(1);
    expect(known?.answers[0]).toEqual({
      status: 200,
      type: undefined,
      message: undefined,
      challenge: 'CUSTOM_CHALLENGE',
      parameters: ['DELIVERY_MEDIUM', 'USERNAME'],
      username: true,
      session: 'string',
    });
    // Past five wrong codes the name is locked, as after five wrong passwords.
    expect(known?.answers.at(-1)).toMatchObject({
      status: 400,
      type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    for (const other of others) {
      expect(other.mailed).toBe(0);
      expect(other.answers).toEqual(known?.answers);
    }
  });

  it('takes each session once, and none after the code has expired', async () => {
    const user = await newPoolUser(t.ctx);
    const address = newAddress();
    const asked = await askCode(user.email, address);
    const code = await latestCode(t.ctx, user.email);
    const signedIn = await answerCode(user.email, asked.body.Session, code, address);
    expect(signedIn.body.AuthenticationResult?.AccessToken).toBeTruthy();
    const replay = await answerCode(user.email, asked.body.Session, code, address);
    expect(shape(replay)).toMatchObject({
      status: 400,
      type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });

    const late = await askCode(user.email, address);
    t.advance(10 * 60_000 + 1_000);
    const expired = await answerCode(
      user.email,
      late.body.Session,
      await latestCode(t.ctx, user.email),
      address,
    );
    expect(shape(expired)).toMatchObject({ status: 400, type: 'NotAuthorizedException' });
    expect(expired.body.AuthenticationResult).toBeUndefined();
  });

  it("refuses a session for another name's code, and an answer longer than a code", async () => {
    const user = await newPoolUser(t.ctx);
    const address = newAddress();
    const asked = await askCode(user.email, address);
    const code = await latestCode(t.ctx, user.email);
    const other = await answerCode('someone-else@example.com', asked.body.Session, code, address);
    expect(shape(other)).toMatchObject({ status: 400, type: 'NotAuthorizedException' });
    const long = await answerCode(user.email, asked.body.Session, '1'.repeat(65), address);
    expect(shape(long)).toMatchObject({ status: 400, type: 'InvalidParameterException' });
  });
});
