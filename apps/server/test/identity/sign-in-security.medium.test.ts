import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVerifier } from '../../src/features/identity/credentials.service.ts';
import {
  computeVerifier,
  formatTimestamp,
  N,
  poolNameOf,
} from '../../src/features/identity/srp.ts';
import { setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, newPoolUser, srpClient } from './pool-fixtures.ts';

// The sign-in must-haves of docs/product.md#hardening, each as an attack over raw HTTP. The server
// trusts X-Forwarded-For here so every test speaks from its own client address.

let t: TestApp;
let clientId: string;
let poolId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ({ clientId, id: poolId } = t.ctx.config.userPool);
});
afterAll(() => t.close());

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;
const incorrect = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };

function passwordAuth(username: string, password: string, address: string) {
  return call(
    t.url,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    },
    { address },
  );
}

function startSrp(username: string, A: string, address: string) {
  return call(
    t.url,
    'InitiateAuth',
    {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: username, SRP_A: A },
    },
    { address },
  );
}

function answerSrp(responses: Record<string, string>, address: string) {
  return call(
    t.url,
    'RespondToAuthChallenge',
    { ChallengeName: 'PASSWORD_VERIFIER', ClientId: clientId, ChallengeResponses: responses },
    { address },
  );
}

/** A full SRP sign-in; returns the final answer and what it took to get there. */
async function srpSignIn(username: string, password: string, address: string, timestamp?: string) {
  const client = srpClient(poolId);
  const challenge = await startSrp(username, client.A, address);
  const responses = client.respond(challenge.body.ChallengeParameters, password, timestamp);
  return { answer: await answerSrp(responses, address), responses, challenge: challenge.body };
}

const now = () => formatTimestamp(t.ctx.now());

describe('SRP', () => {
  it('refuses A ≡ 0 (mod N), which would let anyone in', async () => {
    const user = await newPoolUser(t.ctx);
    for (const A of ['0', N.toString(16), (2n * N).toString(16), 'not-hex']) {
      const answer = await startSrp(user.email, A, newAddress());
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe('InvalidParameterException');
      expect(answer.body).not.toHaveProperty('ChallengeParameters');
    }
  });

  it('accepts a correct proof once: the SECRET_BLOCK cannot be replayed', async () => {
    const user = await newPoolUser(t.ctx);
    const address = newAddress();
    const { answer, responses } = await srpSignIn(user.email, user.password, address, now());
    expect(answer.status).toBe(200);
    expect(answer.body.AuthenticationResult?.IdToken).toBeTruthy();
    const replay = await answerSrp(responses, address);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(incorrect);
  });

  it("binds the challenge to its user: another user's name cannot answer it", async () => {
    const user = await newPoolUser(t.ctx);
    const other = await newPoolUser(t.ctx, { password: user.password });
    const client = srpClient(poolId);
    const challenge = await startSrp(user.email, client.A, newAddress());
    const responses = client.respond(challenge.body.ChallengeParameters, user.password, now());
    const answer = await answerSrp({ ...responses, USERNAME: other.id }, newAddress());
    expect(answer.body).toEqual(incorrect);
    // A failed answer used the challenge up as well.
    expect((await answerSrp(responses, newAddress())).body).toEqual(incorrect);
  });

  it('binds the challenge to its A and B: a proof made for another exchange fails', async () => {
    const user = await newPoolUser(t.ctx);
    const first = srpClient(poolId);
    const second = srpClient(poolId);
    const address = newAddress();
    const challengeOne = (await startSrp(user.email, first.A, address)).body.ChallengeParameters;
    const challengeTwo = (await startSrp(user.email, second.A, address)).body.ChallengeParameters;
    // Client one computes over challenge two's B and salt with its own A: the server holds A2.
    const crossed = first.respond(challengeTwo, user.password, now());
    expect((await answerSrp(crossed, address)).body).toEqual(incorrect);
    expect(
      (await answerSrp(first.respond(challengeOne, user.password, now()), address)).status,
    ).toBe(200);
  });

  it('expires an unanswered challenge after 5 minutes', async () => {
    const user = await newPoolUser(t.ctx);
    const client = srpClient(poolId);
    const challenge = await startSrp(user.email, client.A, newAddress());
    t.advance(5 * 60_000 + 1000);
    const answer = await answerSrp(
      client.respond(challenge.body.ChallengeParameters, user.password, now()),
      newAddress(),
    );
    expect(answer.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('accepts TIMESTAMP only within 5 minutes of the server clock', async () => {
    const user = await newPoolUser(t.ctx);
    const at = (ms: number) => formatTimestamp(new Date(t.ctx.now().getTime() + ms));
    for (const timestamp of [at(-6 * 60_000), at(6 * 60_000), 'yesterday', '']) {
      const { answer } = await srpSignIn(user.email, user.password, newAddress(), timestamp);
      expect(answer.status).toBe(400);
    }
    const { answer } = await srpSignIn(user.email, user.password, newAddress(), at(-4 * 60_000));
    expect(answer.status).toBe(200);
  });
});

describe('no account enumeration', () => {
  it('gives unknown names a stable challenge of the same shape, failing like a wrong password', async () => {
    const user = await newPoolUser(t.ctx);
    const challengeFor = async (name: string) => {
      const { body } = await startSrp(name, srpClient(poolId).A, newAddress());
      return { body, params: body.ChallengeParameters ?? {} };
    };
    const real = await challengeFor(user.email);
    const ghost = await challengeFor('ghost@example.com');
    const again = await challengeFor('Ghost@Example.com');
    const other = await challengeFor('phantom@example.com');

    expect(Object.keys(ghost.body).sort()).toEqual(Object.keys(real.body).sort());
    expect(Object.keys(ghost.params).sort()).toEqual(Object.keys(real.params).sort());
    expect(ghost.params.USER_ID_FOR_SRP).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(ghost.params.SECRET_BLOCK?.length).toBe(real.params.SECRET_BLOCK?.length);
    expect(again.params.SALT).toBe(ghost.params.SALT);
    expect(again.params.USER_ID_FOR_SRP).toBe(ghost.params.USER_ID_FOR_SRP);
    expect(other.params.SALT).not.toBe(ghost.params.SALT);

    const ghostAnswer = await srpSignIn('ghost@example.com', 'Any-password1', newAddress(), now());
    const wrongAnswer = await srpSignIn(user.email, 'Any-password1', newAddress(), now());
    expect(ghostAnswer.answer).toEqual(wrongAnswer.answer);
    expect(ghostAnswer.answer.body).toEqual(incorrect);
  });

  it('answers USER_PASSWORD_AUTH for unknown names exactly as for a wrong password', async () => {
    const user = await newPoolUser(t.ctx);
    const unknown = await passwordAuth('nobody@example.com', 'Any-password1', newAddress());
    const wrong = await passwordAuth(user.email, 'Any-password1', newAddress());
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({ status: 400, errorType: 'NotAuthorizedException:', body: incorrect });
  });

  it('says an account is unconfirmed only after a correct password', async () => {
    const user = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    expect((await passwordAuth(user.email, 'Wrong-password1', newAddress())).body).toEqual(
      incorrect,
    );
    expect(
      (await srpSignIn(user.email, 'Wrong-password1', newAddress(), now())).answer.body,
    ).toEqual(incorrect);
    const notConfirmed = { __type: 'UserNotConfirmedException', message: 'User is not confirmed.' };
    expect((await passwordAuth(user.email, user.password, newAddress())).body).toEqual(
      notConfirmed,
    );
    expect((await srpSignIn(user.email, user.password, newAddress(), now())).answer.body).toEqual(
      notConfirmed,
    );
  });
});

describe('throttling and lockout', () => {
  it('locks a user for 15 minutes after 5 wrong passwords, from any address', async () => {
    const user = await newPoolUser(t.ctx);
    for (let i = 0; i < 5; i++) {
      expect((await passwordAuth(user.email, `Wrong-password${i}`, newAddress())).body).toEqual(
        incorrect,
      );
    }
    const exceeded = { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' };
    expect((await passwordAuth(user.email, user.password, newAddress())).body).toEqual(exceeded);
    expect((await srpSignIn(user.email, user.password, newAddress(), now())).answer.body).toEqual(
      exceeded,
    );
    t.advance(15 * 60_000 + 1000);
    expect((await passwordAuth(user.email, user.password, newAddress())).status).toBe(200);
  });

  it('locks unknown names the same way', async () => {
    for (let i = 0; i < 5; i++)
      await passwordAuth('locked-ghost@example.com', 'Guess-number1', newAddress());
    expect(
      (await passwordAuth('locked-ghost@example.com', 'Guess-number1', newAddress())).body,
    ).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('throttles an address after 30 failures, whatever names it tries', async () => {
    const user = await newPoolUser(t.ctx);
    const address = newAddress();
    for (let i = 0; i < 30; i++)
      await passwordAuth(`spray-${i}@example.com`, 'Summer2025!', address);
    const blocked = await passwordAuth(user.email, user.password, address);
    expect(blocked.status).toBe(400);
    expect(blocked.body.__type).toBe('TooManyRequestsException');
    expect((await startSrp(user.email, srpClient(poolId).A, address)).body.__type).toBe(
      'TooManyRequestsException',
    );
    expect((await passwordAuth(user.email, user.password, newAddress())).status).toBe(200);
  });
});

describe('accounts at rest and in use', () => {
  it('refuses a disabled user only after a correct password', async () => {
    const user = await newPoolUser(t.ctx);
    await setUserEnabled(t.ctx, user.id, false);
    expect((await passwordAuth(user.email, 'Wrong-password1', newAddress())).body).toEqual(
      incorrect,
    );
    const disabled = { __type: 'NotAuthorizedException', message: 'User is disabled.' };
    expect((await passwordAuth(user.email, user.password, newAddress())).body).toEqual(disabled);
    expect((await srpSignIn(user.email, user.password, newAddress(), now())).answer.body).toEqual(
      disabled,
    );
  });

  it('keeps verifiers sealed with the server key, bound to their user', async () => {
    const user = await newPoolUser(t.ctx);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['srpSalt', 'srpVerifier'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const verifier = computeVerifier({
      poolName: poolNameOf(poolId),
      userIdForSrp: user.id,
      password: user.password,
      salt: row.srpSalt,
    });
    expect(row.srpVerifier).not.toContain(verifier);
    expect(row.srpVerifier).not.toContain(
      Buffer.from(verifier, 'hex').toString('base64url').slice(0, 40),
    );
    expect(openVerifier(t.ctx, { id: user.id, srpVerifier: row.srpVerifier })).toBe(verifier);
    // Copied onto another user's row, it no longer opens.
    expect(
      openVerifier(t.ctx, { id: crypto.randomUUID(), srpVerifier: row.srpVerifier }),
    ).toBeNull();
  });
});
