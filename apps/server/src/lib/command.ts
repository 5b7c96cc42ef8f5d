import type { DatabaseHandle } from '@baletrack/db/connect';
import { type AppContext, createAppContext } from '../app-context.ts';
import { createMailer } from './mail/mailer.ts';
import { SecretBox } from './secret-box.ts';

/**
 * What a command-line task (`npm run db:seed`, `npm run superadmin`) needs of the app's context:
 * the same database, mail and secrets as the server, the real clock, no request logging.
 * @example const ctx = commandContext(loadConfig(process.env), database);
 */
export function commandContext(config: AppContext['config'], database: DatabaseHandle): AppContext {
  return createAppContext({
    config,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.mail.smtpUrl,
      db: database.db,
      log: () => {},
    }),
    secrets: new SecretBox(config.secretKey),
  });
}

/**
 * Runs a command's main function and exits with its code; a thrown error prints its message
 * (not a stack trace: these are messages for the operator) and exits 1.
 * @example runCommand(main);
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
