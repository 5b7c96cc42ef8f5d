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

/**
 * Who a code is for. `mailTo` is the address of a user the operation applies to; null for a
 * name no user holds (or a user the operation does not apply to), whose code is never mailed
 * and never matches: it is there so the name answers as a user would (docs/product.md#hardening).
 * `id` is the user's id or the name's stand-in id (credentials.service.ts, standInUserId).
 */
export interface CodeHolder {
  id: string;
  mailTo: string | null;
}

/*
 * Six-digit mailed codes (sign-up confirmation, password reset): only a keyed hash is stored;
 * they expire and take few guesses. Unknown names go through the same steps, with a code that
 * is not mailed, so every answer and limit reads the same for them.
 */

/**
 * Makes a new code (voiding the previous one) and queues its mail; limited per holder per hour.
 * A holder without an address gets a code nobody knows, and no mail.
 */
export async function sendUserCode(
  ctx: AppContext,
  holder: CodeHolder,
  purpose: CodePurpose,
): Promise<void> {
  if (await isLockedOut(ctx, 'mail', holder.id)) throw cognitoErrors.attemptLimitExceeded();
  await countAttempt(ctx, 'mail', holder.id);
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const codeHash = hashCode(ctx, holder.id, purpose, code);
  const now = ctx.now();
  await replaceCode(ctx.db, {
    userId: holder.id,
    purpose,
    // Without an address: a hash of nothing a six-digit code can produce, so it never matches.
    codeHash: holder.mailTo ? codeHash : crypto.randomBytes(32).toString('hex'),
    expiresAt: new Date(now.getTime() + lifetimeMs[purpose]),
  });
  if (holder.mailTo) await ctx.mailer.send(codeMail(purpose, holder.mailTo, code));
}

/**
 * Accepts the code once. Every try spends an attempt first, so parallel guessing cannot get
 * past the limit; a wrong code also counts against the caller's address. A holder without an
 * address never gets past the comparison.
 */
export async function consumeUserCode(
  ctx: AppContext,
  holder: CodeHolder,
  purpose: CodePurpose,
  code: string,
  address: string,
): Promise<void> {
  const spent = await spendAttempt(ctx.db, holder.id, purpose, MAX_CODE_ATTEMPTS);
  if (!spent) {
    if (await codeExists(ctx.db, holder.id, purpose)) throw cognitoErrors.attemptLimitExceeded();
    throw cognitoErrors.codeExpired();
  }
  if (spent.expiresAt <= ctx.now()) {
    await deleteCode(ctx.db, holder.id, purpose);
    throw cognitoErrors.codeExpired();
  }
  const expected = Buffer.from(spent.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx, holder.id, purpose, code), 'hex');
  const matches = expected.length === given.length && crypto.timingSafeEqual(expected, given);
  if (!matches || !holder.mailTo) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.codeMismatch();
  }
  await deleteCode(ctx.db, holder.id, purpose);
}

function hashCode(ctx: AppContext, userId: string, purpose: CodePurpose, code: string): string {
  return ctx.secrets.hash('user-code', `${userId}:${purpose}:${code.trim()}`);
}
