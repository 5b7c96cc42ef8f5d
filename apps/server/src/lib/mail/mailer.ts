import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import { insertOutboxMail, type MailAttachment } from './outbox.repository.ts';

export type { MailAttachment };

export interface Mail {
  /** One address, or several that each get their own copy (they never see each other). */
  to: string | readonly string[];
  subject: string;
  text: string;
  /** Files sent with the mail, in order. */
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  /** 'smtp' queues for the mail worker; 'outbox' keeps mail for the loopback mailbox page. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Writes the mail to the outbox and returns: nothing here talks to a mail server, so a slow
   * or unreachable one neither slows nor fails the caller. Throws only if the database does.
   * Given a transaction, the mail is queued only if that transaction commits.
   */
  send(mail: Mail, trx?: Transaction<Database>): Promise<void>;
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
      async send(mail, trx) {
        await insertOutboxMail(trx ?? options.db, mail, 'pending', now(), mail.attachments);
        // Within a transaction the mail is not visible yet; the worker's next poll finds it.
        if (!trx) for (const listener of listeners) listener();
      },
      onQueued(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail, trx) {
      await insertOutboxMail(trx ?? options.db, mail, 'kept', now(), mail.attachments);
      options.log(mail);
    },
  };
}
