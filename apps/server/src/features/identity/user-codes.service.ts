import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { cognitoErrors } from './cognito-error.ts';
import { codeMail } from './identity-mails.ts';
import { countAttempt, countFailedAttempt, isLockedOut } from './throttle.service.ts';
import {
  type CodePurpose,
  codeExists,
  deleteCode,
  replaceCode,
  spendAttempt,
} from './user-codes.repository.ts';

const HOUR = 3_600_000;
const lifetimeMs: Record<CodePurpose, number> = {
  'confirm-sign-up': 24 * HOUR,
  'reset-password': 1 * HOUR,
};
/** Tries per code, the right one included; then the code is void and a new one must be sent. */
export const MAX_CODE_ATTEMPTS = 5;

/*
 * Six-digit mailed codes (sign-up confirmation, password reset): only a keyed hash is stored;
 * they expire and take few guesses.
 */

/** Makes a new code (voiding the previous one) and mails it; limited per user per hour. */
export async function sendUserCode(
  ctx: AppContext,
  user: { id: string; email: string },
  purpose: CodePurpose,
): Promise<void> {
  if (await isLockedOut(ctx, 'mail', user.id)) throw cognitoErrors.attemptLimitExceeded();
  await countAttempt(ctx, 'mail', user.id);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = ctx.now();
  await replaceCode(ctx.db, {
    userId: user.id,
    purpose,
    codeHash: hashCode(ctx, user.id, purpose, code),
    expiresAt: new Date(now.getTime() + lifetimeMs[purpose]),
  });
  await ctx.mailer.send(codeMail(purpose, user.email, code));
}

/**
 * Accepts the code once. Every try spends an attempt first, so parallel guessing cannot get
 * past the limit; a wrong code also counts against the caller's address.
 */
export async function consumeUserCode(
  ctx: AppContext,
  userId: string,
  purpose: CodePurpose,
  code: string,
  address: string,
): Promise<void> {
  const spent = await spendAttempt(ctx.db, userId, purpose, MAX_CODE_ATTEMPTS);
  if (!spent) {
    if (await codeExists(ctx.db, userId, purpose)) throw cognitoErrors.attemptLimitExceeded();
    throw cognitoErrors.codeExpired();
  }
  if (spent.expiresAt <= ctx.now()) {
    await deleteCode(ctx.db, userId, purpose);
    throw cognitoErrors.codeExpired();
  }
  const expected = Buffer.from(spent.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx, userId, purpose, code), 'hex');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.codeMismatch();
  }
  await deleteCode(ctx.db, userId, purpose);
}

function hashCode(ctx: AppContext, userId: string, purpose: CodePurpose, code: string): string {
  return ctx.secrets.hash('user-code', `${userId}:${purpose}:${code.trim()}`);
}
