import { randomUUID } from 'node:crypto';
import type { Database, Db, OutboxStatus } from '@baletrack/db/database';
import { type Kysely, sql } from 'kysely';

/*
 * The outbox: every mail the server writes, queued for the mail worker ('pending') or, without
 * SMTP, kept for the local mailbox page ('kept'). States: docs/operations.md#mail-outbox.
 */

/** A file sent with a mail, e.g. a report's CSV. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Queues a mail to each recipient ('pending', due at once) or keeps it for the local mailbox
 * ('kept'). Each file is stored once, however many recipients share it. Pass a transaction to
 * make the mail part of a larger change (an automated report's period marked sent).
 */
export async function insertOutboxMail(
  db: Db,
  mail: { to: string | readonly string[]; subject: string; text: string },
  status: Extract<OutboxStatus, 'pending' | 'kept'>,
  at: Date,
  attachments: readonly MailAttachment[] = [],
): Promise<void> {
  const recipients = typeof mail.to === 'string' ? [mail.to] : mail.to;
  if (recipients.length === 0) return;
  const files = attachments.map((attachment) => ({
    id: randomUUID(),
    ...attachment,
    createdAt: at,
  }));
  if (files.length > 0) await db.insertInto('mailAttachments').values(files).execute();
  const attachmentIds = files.map((file) => file.id);
  // Due at the app's clock, the one the worker claims by: the database's own `now()` can be a
  // fraction of a millisecond ahead of it, which left a fresh mail not yet due.
  await db
    .insertInto('outbox')
    .values(
      recipients.map((recipient) => ({
        recipient,
        subject: mail.subject,
        text: mail.text,
        status,
        createdAt: at,
        nextAttemptAt: at,
        attachmentIds,
      })),
    )
    .execute();
}

/** A mail's files in its order, for sending it or for the local mailbox's download links. */
export async function findMailAttachments(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('mailAttachments')
    .select(['id', 'filename', 'contentType', 'content'])
    .where('id', 'in', ids)
    .execute();
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** A file's name and type, for the local mailbox's download link. */
export function findMailAttachment(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('mailAttachments')
    .select(['filename', 'contentType', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Deletes files no mail still needs: every mail that had it was sent or failed (the local
 * mailbox's kept mail keeps its file). Answers how many went.
 */
export async function deleteUnneededAttachments(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('mailAttachments')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('outbox')
            .select('outbox.id')
            .where(sql<boolean>`mail_attachments.id = ANY(outbox.attachment_ids)`)
            .where('outbox.status', 'in', ['pending', 'sending', 'kept']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest mail of the local mailbox, newest first (the loopback mailbox page). */
export function listOutbox(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('outbox')
    .selectAll('outbox')
    .select((eb) =>
      eb
        .selectFrom('mailAttachments')
        .select(
          sql<
            string[]
          >`coalesce(array_agg(filename ORDER BY array_position(outbox.attachment_ids, mail_attachments.id)), '{}')`.as(
            'names',
          ),
        )
        .where(sql<boolean>`mail_attachments.id = ANY(outbox.attachment_ids)`)
        .as('attachmentFilenames'),
    )
    .where('status', '=', 'kept')
    .orderBy('outbox.id', 'desc')
    .limit(limit)
    .execute();
}

export interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  attachmentIds: string[];
  /** This attempt's number; it also identifies the claim (see finishMail). */
  attempts: number;
}

/**
 * Claims up to `limit` mails that are due: pending ones whose time has come, and ones another
 * worker claimed and did not finish before its lease ran out (it died). One statement; rows
 * another worker is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), so two
 * workers, in one process or several, never claim one mail together. A claimed mail is
 * 'sending' until `leaseUntil`, its attempt counted.
 */
export function claimDueMail(
  db: Kysely<Database>,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  return db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      nextAttemptAt: input.leaseUntil,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('nextAttemptAt', '<=', input.now)
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(input.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'recipient', 'subject', 'text', 'attachmentIds', 'attempts'])
    .execute();
}

/**
 * Records how an attempt ended: 'sent' (the body is emptied: it may hold a code or a temporary
 * password), 'pending' again with the time of the next attempt, or 'failed' for good. Only the
 * claim that made the attempt may finish it, so a worker whose lease ran out cannot overwrite
 * the answer of the one that took over. Answers whether it did.
 */
export async function finishMail(
  db: Kysely<Database>,
  claim: Pick<ClaimedMail, 'id' | 'attempts'>,
  outcome:
    | { status: 'sent'; at: Date }
    | { status: 'pending'; nextAttemptAt: Date; error: string }
    | { status: 'failed'; error: string },
): Promise<boolean> {
  const changes =
    outcome.status === 'sent'
      ? { status: outcome.status, sentAt: outcome.at, text: '', lastError: null }
      : outcome.status === 'pending'
        ? { status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.error }
        : { status: outcome.status, lastError: outcome.error };
  const result = await db
    .updateTable('outbox')
    .set(changes)
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Starts the claim's lease afresh just before its mail is tried, so mail at the end of a slow
 * round is not taken over while its worker is still on its way to it. Answers false when the
 * claim has lapsed and another worker took the mail: then it must not be sent.
 */
export async function renewClaim(
  db: Kysely<Database>,
  claim: Pick<ClaimedMail, 'id' | 'attempts'>,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ nextAttemptAt: leaseUntil })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands back a claimed mail not attempted after all (its worker is stopping): due at `now`. */
export async function releaseMail(
  db: Kysely<Database>,
  claim: Pick<ClaimedMail, 'id' | 'attempts'>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({ status: 'pending', attempts: eb('attempts', '-', 1), nextAttemptAt: now }))
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .execute();
}

/** Deletes sent mail older than `before` (only its envelope is left); answers how many. */
export async function deleteSentMailBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('status', '=', 'sent')
    .where('sentAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
