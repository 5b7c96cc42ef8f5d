import crypto from 'node:crypto';
import { createTestDatabase } from '@baletrack/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type AppContext, createAppContext } from '../../src/app-context.ts';
import { loadConfig } from '../../src/config.ts';
import { createMailer, type Mailer } from '../../src/lib/mail/mailer.ts';
import { SecretBox } from '../../src/lib/secret-box.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Base URL of the listening server, e.g. http://127.0.0.1:43123 */
  url: string;
  /** Moves the test clock forward instead of sleeping. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * Boots the real server on a fresh database and a free port. Mail goes to the outbox unless a
 * mailer is given; `env` overrides configuration as environment variables would; `startAt` sets
 * the clock to an instant from which it runs on (and `advance` moves it).
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    startAt?: string;
    /** Another app process on the same database (which that app closes). */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const database = shared
    ? { db: shared.ctx.db, close: async () => {} }
    : await createTestDatabase();
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Processes of one installation share the server key.
    SECRET_KEY: (shared?.ctx.config.secretKey ?? crypto.randomBytes(32)).toString('hex'),
    SEED_DEMO: 'false',
    // Subscriptions apply unless a test turns them off (without Stripe keys the product's own
    // default is off: config.ts).
    BILLING: 'on',
    ...options.env,
  });
  let offset = options.startAt ? Date.parse(options.startAt) - Date.now() : 0;
  const ctx = createAppContext({
    config,
    db: database.db,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        db: database.db,
        log: () => {},
        now: () => new Date(Date.now() + offset),
      }),
    secrets: new SecretBox(config.secretKey),
    now: () => new Date(Date.now() + offset),
  });
  const app = await buildApp(ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Processes of one installation sit behind one public address (their tokens' issuer).
  ctx.config = { ...config, publicUrl: shared?.ctx.config.publicUrl ?? address };
  return {
    app,
    ctx,
    url: address,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
