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
  /** Codes mailed to one user, so nobody can flood a mailbox through Resend. */
  mail: { limit: 10, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
} as const;

type Rule = keyof typeof throttleRules;

/** Failed-attempt counting and lockout, kept in the database so every app process sees it. */
export class Throttle {
  constructor(private readonly ctx: AppContext) {}

  async isLocked(rule: Rule, subject: string): Promise<boolean> {
    const row = await findThrottle(this.ctx.db, `${rule}:${subject}`);
    return !!row?.lockedUntil && row.lockedUntil > this.ctx.now();
  }

  async count(rule: Rule, subject: string): Promise<void> {
    await countEvent(this.ctx.db, {
      key: `${rule}:${subject}`,
      now: this.ctx.now(),
      ...throttleRules[rule],
    });
  }

  async clear(rule: Rule, subject: string): Promise<void> {
    await clearThrottle(this.ctx.db, `${rule}:${subject}`);
  }

  /** TooManyRequestsException once an address has failed too often. */
  async assertAddressAllowed(address: string): Promise<void> {
    if (await this.isLocked('address', address)) throw cognitoErrors.tooManyRequests();
  }

  /** Counts a failed password against both the name and the address it came from. */
  async countFailure(address: string, userKey?: string): Promise<void> {
    await this.count('address', address);
    if (userKey) await this.count('user', userKey);
  }
}
