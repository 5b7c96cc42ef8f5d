import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { insertOutboxMail } from './outbox.repository.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' queues for the mail worker; 'outbox' keeps mail for the loopback mailbox page. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Writes the mail to the outbox and returns: nothing here talks to a mail server, so a slow
   * or unreachable one neither slows nor fails the caller. Throws only if the database does.
   */
  send(mail: Mail): Promise<void>;
  /** Calls `listener` after each mail this mailer queues; answers a function that stops it. */
  onQueued?(listener: () => void): () => void;
}

/**
 * Mail through the outbox table (docs/operations.md#mail-outbox). With SMTP_URL set each mail is
 * queued for the mail worker (mail-worker.ts) to send with retries; without, it is kept for the
 * local mailbox (docs/product.md#mail: a new user can finish registering on a laptop without a
 * mail server). The sender (`MAIL_FROM`) is the worker's.
 */
export function createMailer(options: {
  smtpUrl?: string;
  db: Kysely<Database>;
  log: (mail: Mail) => void;
  /** The app's clock (the worker's): a queued mail is due from this instant. */
  now?: () => Date;
}): Mailer {
  const now = options.now ?? (() => new Date());
  if (options.smtpUrl) {
    const listeners = new Set<() => void>();
    return {
      kind: 'smtp',
      async send(mail) {
        await insertOutboxMail(options.db, mail, 'pending', now());
        for (const listener of listeners) listener();
      },
      onQueued(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await insertOutboxMail(options.db, mail, 'kept', now());
      options.log(mail);
    },
  };
}
