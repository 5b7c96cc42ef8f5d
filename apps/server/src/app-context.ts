import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import { SigningKeys } from './features/identity/signing-keys.service.ts';
import { SummaryCache } from './features/summaries/summary-cache.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { SecretBox } from './lib/secret-box.ts';

/**
 * What every feature may use: configuration, the database, mail, secrets, the clock and the
 * per-process caches. Built once by `createAppContext` in start-product.ts, a command or a test,
 * and passed down explicitly; the few other per-process memos are listed in docs/ARCHITECTURE.md.
 */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  secrets: SecretBox;
  /** The clock, injectable so tests can move time instead of sleeping. */
  now: () => Date;
  /** Each organization's bale columns for summaries (features/summaries). */
  summaryCache: SummaryCache;
  /** The user pool's token signing keys, cached for a minute (features/identity). */
  signingKeys: SigningKeys;
}

/** Who is calling, as the data and user APIs see it (set by plugins/authenticate.ts). */
export interface Principal {
  userId: string;
  email: string;
  groups: string[];
  /** The caller's own organization (the `custom:accountId` claim). */
  accountId: string;
  /** The organization acted on: X-Organization-Id for SuperAdmins, else `accountId`. */
  orgId: string;
}

/** The parts of a context that come from outside; the caches are built here. */
export type AppContextParts = Pick<AppContext, 'config' | 'db' | 'mailer' | 'secrets'> &
  Partial<Pick<AppContext, 'now'>>;

/**
 * Builds a context with fresh caches (the real clock unless `now` is given). The caches read the
 * clock through the context, so a test that replaces `ctx.now` moves them too.
 * @example const ctx = createAppContext({ config, db, mailer, secrets: new SecretBox(key) });
 */
export function createAppContext(parts: AppContextParts): AppContext {
  const ctx: AppContext = {
    now: () => new Date(),
    ...parts,
    summaryCache: new SummaryCache(parts.db),
    signingKeys: new SigningKeys({
      db: parts.db,
      secrets: parts.secrets,
      now: () => ctx.now(),
    }),
  };
  return ctx;
}
