import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { insertOutboxMail } from './outbox.repository.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps mail in the database for the loopback mailbox page. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set, else the local outbox (docs/product.md#mail: a new
 * user can finish registering on a laptop without a mail server).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Kysely<Database>;
  log: (mail: Mail) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await insertOutboxMail(options.db, mail);
      options.log(mail);
    },
  };
}
