import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { cognitoErrors } from './cognito-error.ts';
import { codeMail } from './identity-mails.ts';
import { countAttempt, countFailedAttempt, isLockedOut } from './throttle.service.ts';
import {
  type CodePurpose,
  deleteCode,
  findCode,
  replaceCode,
  spendAttempt,
} from './user-codes.repository.ts';

const HOUR = 3_600_000;
/** A sign-in code's life: long enough for a slow mail, short for a code that opens an account. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
const lifetimeMs: Record<CodePurpose, number> = {
  'confirm-sign-up': 24 * HOUR,
  'reset-password': 1 * HOUR,
  'sign-in': SIGN_IN_CODE_TTL_MS,
};
/** Tries per code, the right one included; then the code is void and a new one must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
/** How long an expired code is kept, so that its mail still reads as expired, not as wrong. */
export const EXPIRED_CODE_KEPT_MS = 24 * HOUR;

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
 * is not mailed. Nothing a caller without the mailbox sees depends on what the name's user, or
 * anyone else, did before: the mail limit answers like any request, and a wrong code is just
 * wrong whatever code the name has (none, a pending one, one used up or expired).
 */

/**
 * Makes a new code (voiding the previous one) and queues its mail; limited per holder per hour.
 * A holder without an address gets a code nobody knows, and no mail. Past the limit nothing
 * changes and nothing is mailed, with the same answer, so a name whose limit someone else used
 * up reads like a name nobody holds.
 */
export async function sendUserCode(
  ctx: AppContext,
  holder: CodeHolder,
  purpose: CodePurpose,
): Promise<void> {
  if (await isLockedOut(ctx, 'mail', holder.id)) return;
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
 * past the limit. Any code but the mailed one is wrong (CodeMismatchException, counted against
 * the caller's address), whether the name has no code, a live one, one used up or one expired:
 * only the mailed code learns that it expired or ran out of tries. A holder without an address
 * never gets past the comparison.
 */
export async function consumeUserCode(
  ctx: AppContext,
  holder: CodeHolder,
  purpose: CodePurpose,
  code: string,
  address: string,
): Promise<void> {
  const spent = await spendAttempt(ctx.db, holder.id, purpose, MAX_CODE_ATTEMPTS);
  const stored = spent ?? (await findCode(ctx.db, holder.id, purpose));
  const given = hashCode(ctx, holder.id, purpose, code);
  if (!stored || !holder.mailTo || !sameHash(stored.codeHash, given)) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.codeMismatch();
  }
  if (stored.expiresAt <= ctx.now()) throw cognitoErrors.codeExpired();
  if (!spent) throw cognitoErrors.attemptLimitExceeded();
  await deleteCode(ctx.db, holder.id, purpose);
}

function sameHash(storedHex: string, givenHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return stored.length === given.length && crypto.timingSafeEqual(stored, given);
}

function hashCode(ctx: AppContext, userId: string, purpose: CodePurpose, code: string): string {
  return ctx.secrets.hash('user-code', `${userId}:${purpose}:${code.trim()}`);
}
