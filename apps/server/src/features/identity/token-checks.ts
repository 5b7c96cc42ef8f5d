import type { Database } from '@baletrack/db/database';
import type { Selectable } from 'kysely';
import { SharedReads } from '../../lib/shared-reads.ts';

type User = Selectable<Database['users']>;

/**
 * A token family with its user as the database answered for a token it honoured (the row of
 * `findFamilyWithUser`, spelled out: the repository imports this file).
 */
export type FamilyCheck = Pick<
  User,
  'orgId' | 'email' | 'name' | 'groups' | 'enabled' | 'status'
> & {
  familyId: string;
  userId: string;
  revokedAt: Selectable<Database['refreshTokens']>['revokedAt'];
};

/**
 * How long a process may honour a token family it checked without asking the database again:
 * the most that a sign-out, a disabled or deleted user or a changed role made in *another* app
 * process can lag (docs/product.md#tokens). In the process that made the change it applies at
 * once: every write of a user or a token family forgets what was remembered of it.
 */
export const TOKEN_CHECK_TTL_MS = 5_000;
const MAX_FAMILIES = 10_000;

/**
 * Per-process memory of token families found honoured (not revoked, user enabled), so a
 * signed-in call skips the database most of the time. Writers call `forgetUser`,
 * `forgetFamily` or `forgetAll` after their statement; for TTL after that, the same user or
 * family is not remembered at all, so a read that raced the write (or a transaction not yet
 * committed) cannot bring the old row back.
 */
export class TokenChecks {
  readonly #families = new Map<string, { check: FamilyCheck; until: number }>();
  /** Checks in flight, shared by the requests that need one family's at once. */
  readonly #reads = new SharedReads<FamilyCheck | undefined>();
  /** Users and families written recently: not remembered until then (epoch ms). */
  readonly #quiet = new Map<string, number>();
  #quietAll = 0;

  /** `now`: real time in epoch ms (not the app's clock, which tests move). */
  constructor(private readonly now: () => number = Date.now) {}

  /** When a database read starting now begins, for `remember`. */
  readStarts(): number {
    return this.now();
  }

  /** The remembered check of a family, if still fresh. */
  get(familyId: string): FamilyCheck | undefined {
    const entry = this.#families.get(familyId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.check;
    this.#families.delete(familyId);
    return undefined;
  }

  /** The family's check by `load`, or by the one of its checks already in flight. */
  read(familyId: string, load: () => Promise<FamilyCheck | undefined>) {
    return this.#reads.read(familyId, load);
  }

  /** Remembers an honoured family whose database read began at `readAt` (from `now()`). */
  remember(check: FamilyCheck, readAt: number): void {
    if (this.#quietAll > readAt || this.#isQuiet(check.userId, readAt)) return;
    if (this.#isQuiet(check.familyId, readAt)) return;
    if (this.#families.size >= MAX_FAMILIES) this.#families.clear();
    this.#families.set(check.familyId, { check, until: readAt + TOKEN_CHECK_TTL_MS });
  }

  forgetFamily(familyId: string): void {
    this.#families.delete(familyId);
    this.#reads.forget(familyId);
    this.#quieten(familyId);
  }

  forgetUser(userId: string): void {
    for (const [familyId, { check }] of this.#families) {
      if (check.userId === userId) this.#families.delete(familyId);
    }
    // Which families a check in flight belongs to is not known until it answers.
    this.#reads.forgetAll();
    this.#quieten(userId);
  }

  /** After writes that reach many users at once (an organization deleted, housekeeping). */
  forgetAll(): void {
    this.#families.clear();
    this.#reads.forgetAll();
    this.#quietAll = this.now() + TOKEN_CHECK_TTL_MS;
  }

  #quieten(id: string): void {
    const now = this.now();
    for (const [key, until] of this.#quiet) if (until <= now) this.#quiet.delete(key);
    this.#quiet.set(id, now + TOKEN_CHECK_TTL_MS);
  }

  /** Written after `readAt` began, or within TTL of it. */
  #isQuiet(id: string, readAt: number): boolean {
    return (this.#quiet.get(id) ?? 0) > readAt;
  }
}

/** One per process, shared by every app instance in it (family and user ids are UUIDs). */
export const tokenChecks = new TokenChecks();
