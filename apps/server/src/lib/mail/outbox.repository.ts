import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';

/** Keeps a mail in the local outbox (the mailer without SMTP_URL). */
export async function insertOutboxMail(
  db: Kysely<Database>,
  mail: { to: string; subject: string; text: string },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ recipient: mail.to, subject: mail.subject, text: mail.text })
    .execute();
}

/** The newest mail in the local outbox, newest first (the loopback mailbox page). */
export function listOutbox(db: Kysely<Database>, limit: number) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
