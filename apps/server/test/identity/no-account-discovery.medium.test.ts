import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sendConfirmationCode,
  setUserEnabled,
} from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type CognitoAnswer, call, newPoolUser, srpClient } from './pool-fixtures.ts';

// Every code operation of the pool answers a name nobody holds exactly as it answers a
// user's email, limits included (docs/product.md#hardening). Each test drives a known and an
// unknown email through the same steps, side by side, and compares every answer; what the
// known name's own user asked for before must not show either.

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

const repeat = <const T>(times: number, item: T): T[] => Array.from({ length: times }, () => item);

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

/** How many mails the outbox holds for an address. */
async function mailsTo(email: string): Promise<number> {
  const { n } = await t.ctx.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient', '=', email)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A request of the name's own user, before any comparison (not mirrored on an unknown name). */
async function asTheUser(email: string, step: Exclude<Step, { op: 'advance' }>, times = 1) {
  for (let i = 0; i < times; i++) {
    await run(step, { email, id: email, address: newAddress() }, await wrongCode(email));
  }
}

const ok = 200;
const mismatch = 'CodeMismatchException';

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
      expect(types(answers), kind).toEqual(repeat(11, ok));
      expect(answers[0]?.body.CodeDeliveryDetails).toEqual({
        Destination: 'f***@e***.com',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      });
      // Past the limit the answer stays the same, and nothing more is mailed.
      expect(await mailsTo(email), kind).toBe(kind === 'unconfirmed' ? 10 : 0);
    }
  });

  it('ConfirmSignUp: no code, wrong codes, past the attempt limit, a new code, expiry', async () => {
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
      // A wrong code is just wrong: whether there is a code, and its tries and expiry, are
      // for the mailed code alone to learn.
      expect(types(answers), kind).toEqual([
        mismatch,
        ok,
        ...repeat(6, mismatch),
        ok,
        mismatch,
        mismatch,
        mismatch,
      ]);
    }
  });

  it('ForgotPassword, up to and past the mail limit', async () => {
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, repeat(11, { op: 'forgot' }));
      expect(types(answers), kind).toEqual(repeat(11, ok));
      expect(await mailsTo(email), kind).toBe(kind === 'disabled' ? 0 : 10);
    }
  });

  it('ConfirmForgotPassword: no code, a weak password, wrong codes, past the attempt limit, expiry', async () => {
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
        mismatch,
        ok,
        'InvalidPasswordException',
        ...repeat(6, mismatch),
        ok,
        mismatch,
        mismatch,
      ]);
    }
  });

  it('shares the mail limit between ResendConfirmationCode and ForgotPassword alike', async () => {
    const steps: Step[] = [...repeat(5, { op: 'resend' }), ...repeat(6, { op: 'forgot' })];
    // Codes a name is not mailed count too: a confirmed user gets 5 reset codes, not 6.
    const mailed = { unconfirmed: 10, confirmed: 5, invited: 5, disabled: 0 };
    for (const [kind, email] of Object.entries(await knownUsers())) {
      const answers = await compareWithUnknown(email, steps);
      expect(types(answers), kind).toEqual(repeat(11, ok));
      expect(await mailsTo(email), kind).toBe(mailed[kind as keyof typeof mailed]);
    }
  });

  it('reaches the per-address limit on wrong codes at the same request', async () => {
    const round: Step[] = [{ op: 'resend' }, ...repeat(5, { op: 'confirmSignUp' })];
    const { unconfirmed } = await knownUsers();
    const answers = await compareWithUnknown(unconfirmed, [...Array(7).fill(round).flat()]);
    expect(types(answers).slice(-6)).toEqual([ok, ...repeat(5, 'TooManyRequestsException')]);
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
    expect(types(answers)).toEqual([ok, mismatch, ok, mismatch, ...repeat(9, ok)]);
    // The id and the email share one mail limit: the 11th code was not sent.
    expect(await mailsTo(unconfirmed)).toBe(10);
  });
});

describe("what a name's own user asked for before does not show", () => {
  it('ConfirmSignUp and ResendConfirmationCode: a pending, used-up, expired or unneeded code, a spent mail limit', async () => {
    const expired = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, expired.id);
    t.advance(24 * HOUR + 60_000);
    const pending = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, pending.id);
    const usedUp = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await sendConfirmationCode(t.ctx, usedUp.id);
    await asTheUser(usedUp.email, { op: 'confirmSignUp' }, 5);
    // Already confirmed, and asked for a sign-up code anyway (a second tab, say).
    const confirmed = await newPoolUser(t.ctx);
    await asTheUser(confirmed.email, { op: 'resend' });
    const capped = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    await asTheUser(capped.email, { op: 'resend' }, 10);

    const steps: Step[] = [{ op: 'confirmSignUp' }, { op: 'resend' }, { op: 'confirmSignUp' }];
    for (const [kind, user] of Object.entries({ expired, pending, usedUp, confirmed, capped })) {
      const answers = await compareWithUnknown(user.email, steps);
      expect(types(answers), kind).toEqual([mismatch, ok, mismatch]);
    }
    expect(await mailsTo(capped.email)).toBe(10);
  });

  it('ConfirmForgotPassword and ForgotPassword: a pending, used-up or expired code, a spent mail limit', async () => {
    const expired = await newPoolUser(t.ctx);
    await asTheUser(expired.email, { op: 'forgot' });
    t.advance(HOUR + 60_000);
    const pending = await newPoolUser(t.ctx);
    await asTheUser(pending.email, { op: 'forgot' });
    const usedUp = await newPoolUser(t.ctx);
    await asTheUser(usedUp.email, { op: 'forgot' });
    await asTheUser(usedUp.email, { op: 'confirmForgot' }, 5);
    const capped = await newPoolUser(t.ctx);
    await asTheUser(capped.email, { op: 'forgot' }, 10);

    const steps: Step[] = [{ op: 'confirmForgot' }, { op: 'forgot' }, { op: 'confirmForgot' }];
    for (const [kind, user] of Object.entries({ expired, pending, usedUp, capped })) {
      const answers = await compareWithUnknown(user.email, steps);
      expect(types(answers), kind).toEqual([mismatch, ok, mismatch]);
    }
    expect(await mailsTo(capped.email)).toBe(10);
  });
});
