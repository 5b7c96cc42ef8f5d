import type { AppContext } from '../../app-context.ts';
import { clearThrottle, countEvent, findThrottle } from './auth-throttle.repository.ts';
import { cognitoErrors } from './cognito-error.ts';

const MINUTE = 60_000;

/** How many events a key may have in a window before it is locked, and for how long. */
export const throttleRules = {
  /** Wrong passwords for one user (or one unknown name): Cognito-like lockout. */
  user: { limit: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Failed passwords and codes from one client address, across all names. */
  address: { limit: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /**
   * Codes asked for one user, or one name no user holds (its stand-in id), so nobody can flood a
   * mailbox through Resend, and unknown names reach the limit as known ones do.
   */
  mail: { limit: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
} as const;

type Rule = keyof typeof throttleRules;

/*
 * Failed-attempt counting and lockout, kept in the database so every app process sees it. A key
 * is a rule and its subject (a user id, an address), e.g. 'user:<uuid>'.
 */

export async function isLockedOut(ctx: AppContext, rule: Rule, subject: string): Promise<boolean> {
  const row = await findThrottle(ctx.db, `${rule}:${subject}`);
  return !!row?.lockedUntil && row.lockedUntil > ctx.now();
}

export async function countAttempt(ctx: AppContext, rule: Rule, subject: string): Promise<void> {
  await countEvent(ctx.db, { key: `${rule}:${subject}`, now: ctx.now(), ...throttleRules[rule] });
}

export async function clearAttempts(ctx: AppContext, rule: Rule, subject: string): Promise<void> {
  await clearThrottle(ctx.db, `${rule}:${subject}`);
}

/** TooManyRequestsException once an address has failed too often. */
export async function assertAddressAllowed(ctx: AppContext, address: string): Promise<void> {
  if (await isLockedOut(ctx, 'address', address)) throw cognitoErrors.tooManyRequests();
}

/** Counts a failed password or code against the address it came from, and the name if given. */
export async function countFailedAttempt(
  ctx: AppContext,
  address: string,
  userKey?: string,
): Promise<void> {
  await countAttempt(ctx, 'address', address);
  if (userKey) await countAttempt(ctx, 'user', userKey);
}
