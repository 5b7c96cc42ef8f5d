import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type CognitoAnswer, call, newPoolUser, srpClient } from './pool-fixtures.ts';

// Every code operation of the pool answers a name nobody holds exactly as it answers a
// user's email, limits included (docs/product.md#hardening). Each test drives a known and an
// unknown email through the same steps, side by side, and compares every answer.

let t: TestApp;
let clientId: string;
let lastAddress = 0;
const newAddress = () => `198.18.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  clientId = t.ctx.config.userPool.clientId;
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** A side of a comparison: the name a step uses, and the address its requests come from. */
interface Side {
  email: string;
  /** USER_ID_FOR_SRP, as a client learns it from a sign-in challenge. */
  id: string;
  address: string;
}

type Step =
  | { op: 'resend' | 'forgot'; by?: 'email' | 'id' }
  | { op: 'confirmSignUp' | 'confirmForgot'; by?: 'email' | 'id'; password?: string }
  | { op: 'advance'; ms: number };

const repeat = (times: number, step: Step): Step[] => Array.from({ length: times }, () => step);

/** A code that is not the newest one mailed to `email` (so it is wrong for sure). */
async function wrongCode(email: string): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom('outbox')
    .select('text')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = Number(/^(\d{6})$/m.exec(mail?.text ?? '')?.[1] ?? 0);
  return String((code + 1) % 1_000_000).padStart(6, '0');
}

async function run(step: Exclude<Step, { op: 'advance' }>, side: Side, code: string) {
  const Username = step.by === 'id' ? side.id : side.email;
  switch (step.op) {
    case 'resend':
      return call(t.url, 'ResendConfirmationCode', { ClientId: clientId, Username });
    case 'forgot':
      return call(t.url, 'ForgotPassword', { ClientId: clientId, Username });
    case 'confirmSignUp':
      return call(
        t.url,
        'ConfirmSignUp',
        { ClientId: clientId, Username, ConfirmationCode: code },
        { address: side.address },
      );
    case 'confirmForgot':
      return call(
        t.url,
        'ConfirmForgotPassword',
        {
          ClientId: clientId,
          Username,
          ConfirmationCode: code,
          Password: step.password ?? 'Fresh-meadow7',
        },
        { address: side.address },
      );
  }
}

/** The id a sign-in challenge hands out for a name: a user's own, or the name's stand-in. */
async function userIdForSrp(email: string): Promise<string> {
  const answer = await call(
    t.url,
    'InitiateAuth',
    {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, SRP_A: srpClient(t.ctx.config.userPool.id).A },
    },
    { address: newAddress() },
  );
  const id = answer.body.ChallengeParameters?.USER_ID_FOR_SRP;
  if (!id) throw new Error(`no challenge for ${email}: ${JSON.stringify(answer.body)}`);
  return id;
}

/** A name nobody holds that masks like the fixtures' emails ('f***@e***.com'). */
const unknownEmail = () => `fnobody-${crypto.randomUUID().slice(0, 8)}@example.com`;

/**
 * Runs the steps for a known email and a fresh unknown one in lockstep and expects equal answers
 * (status, error type and body) at every step; answers the known side's, for the caller to check
 * that the steps really reached the answer they are about.
 */
async function compareWithUnknown(knownEmail: string, steps: Step[]): Promise<CognitoAnswer[]> {
  const other = unknownEmail();
  const sides: [Side, Side] = [
    { email: knownEmail, id: await userIdForSrp(knownEmail), address: newAddress() },
    { email: other, id: await userIdForSrp(other), address: newAddress() },
  ];
  const answers: CognitoAnswer[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.op === 'advance') {
      t.advance(step.ms);
      continue;
    }
    const code = await wrongCode(knownEmail);
    const [known, unknown] = [await run(step, sides[0], code), await run(step, sides[1], code)];
    expect(unknown, `step ${index}: ${JSON.stringify(step)}`).toEqual(known);
    answers.push(known);
  }
  return answers;
}

const types = (answers: CognitoAnswer[]) => answers.map((a) => a.body.__type ?? a.status);

const ok = 200;
const expired = 'ExpiredCodeException';
const mismatch = 'CodeMismatchException';
const limit = 'LimitExceededException';

async function knownUsers() {
  const disabled = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
  await setUserEnabled(t.ctx, disabled.id, false);
  return {
    unconfirmed: (await newPoolUser(t.ctx, { status: 'UNCONFIRMED' })).email,
    confirmed: (await newPoolUser(t.ctx)).email,
    invited: (await newPoolUser(t.ctx, { status: 'FORCE_CHANGE_PASSWORD' })).email,
    disabled: disabled.email,
  };
}

describe('an unknown email answers as a known one', () => {
  it('ResendConfirmationCode, up to and past the mail limit', async () => {
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, repeat(11, { op: 'resend' }));
      expect(types(answers), kind).toEqual([...repeat(10, { op: 'resend' }).map(() => ok), limit]);
      expect(answers[0]?.body.CodeDeliveryDetails).toEqual({
        Destination: 'f***@e***.com',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      });
    }
  });

  it('ConfirmSignUp: no code, wrong codes, the attempt limit, a new code, expiry', async () => {
    const steps: Step[] = [
      { op: 'confirmSignUp' },
      { op: 'resend' },
      ...repeat(5, { op: 'confirmSignUp' }),
      { op: 'confirmSignUp' },
      { op: 'resend' },
      { op: 'confirmSignUp' },
      { op: 'advance', ms: 24 * HOUR + 60_000 },
      { op: 'confirmSignUp' },
      { op: 'confirmSignUp' },
    ];
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, steps);
      expect(types(answers), kind).toEqual([
        expired,
        ok,
        ...repeat(5, steps[0] as Step).map(() => mismatch),
        limit,
        ok,
        mismatch,
        expired,
        expired,
      ]);
    }
  });

  it('ForgotPassword, up to and past the mail limit', async () => {
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, repeat(11, { op: 'forgot' }));
      expect(types(answers), kind).toEqual([...repeat(10, { op: 'forgot' }).map(() => ok), limit]);
    }
  });

  it('ConfirmForgotPassword: no code, a weak password, wrong codes, the attempt limit, expiry', async () => {
    const steps: Step[] = [
      { op: 'confirmForgot' },
      { op: 'forgot' },
      { op: 'confirmForgot', password: 'weak' },
      ...repeat(5, { op: 'confirmForgot' }),
      { op: 'confirmForgot' },
      { op: 'forgot' },
      { op: 'confirmForgot' },
      { op: 'advance', ms: HOUR + 60_000 },
      { op: 'confirmForgot' },
    ];
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, steps);
      expect(types(answers), kind).toEqual([
        expired,
        ok,
        'InvalidPasswordException',
        ...repeat(5, steps[0] as Step).map(() => mismatch),
        limit,
        ok,
        mismatch,
        expired,
      ]);
    }
  });

  it('shares the mail limit between ResendConfirmationCode and ForgotPassword alike', async () => {
    const steps = [...repeat(5, { op: 'resend' }), ...repeat(6, { op: 'forgot' })];
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, steps);
      expect(types(answers).at(-1), kind).toBe(limit);
      expect(types(answers.slice(0, -1)), kind).toEqual(steps.slice(0, -1).map(() => ok));
    }
  });

  it('reaches the per-address limit on wrong codes at the same request', async () => {
    const round: Step[] = [{ op: 'resend' }, ...repeat(5, { op: 'confirmSignUp' })];
    const { unconfirmed } = await knownUsers();
    const answers = await compareWithUnknown(unconfirmed, [...Array(7).fill(round).flat()]);
    expect(types(answers).slice(-6)).toEqual([
      ok,
      ...repeat(5, round[1] as Step).map(() => 'TooManyRequestsException'),
    ]);
    expect(types(answers).slice(0, 36)).not.toContain('TooManyRequestsException');
  });

  it('answers the sign-in id the same way as the email it stands for', async () => {
    // A user answers to their id too; so must a name nobody holds, to its stand-in id.
    const steps: Step[] = [
      { op: 'resend', by: 'email' },
      { op: 'confirmSignUp', by: 'id' },
      { op: 'forgot', by: 'id' },
      { op: 'confirmForgot', by: 'email' },
      ...repeat(8, { op: 'resend', by: 'id' }),
      { op: 'forgot', by: 'email' },
    ];
    const { unconfirmed } = await knownUsers();
    const answers = await compareWithUnknown(unconfirmed, steps);
    expect(types(answers)).toEqual([
      ok,
      mismatch,
      ok,
      mismatch,
      ...repeat(8, steps[0] as Step).map(() => ok),
      limit,
    ]);
  });
});
