import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';
import {
  type ClaimedMail,
  claimDueMail,
  deleteSentMailBefore,
  deleteUnneededAttachments,
  findMailAttachments,
  finishMail,
  releaseMail,
  renewClaim,
} from './outbox.repository.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const mailWorkerDefaults = {
  /** Mails claimed per round; rounds follow one another while mail is due. */
  batchSize: 10,
  /** How often the outbox is looked at; mail queued by this process wakes the worker at once. */
  pollMs: 5 * SECOND,
  /** Attempts before a mail is 'failed': 30 s, 1, 2, 4 … minutes apart, at most an hour. */
  maxAttempts: 10,
  retryBaseMs: 30 * SECOND,
  retryMaxMs: HOUR,
  /** How long a claim lasts: a worker that dies mid-send leaves its mail to another after this. */
  leaseMs: 5 * MINUTE,
  /** nodemailer's connection, greeting and socket time limits, each. */
  smtpTimeoutMs: 20 * SECOND,
  /** Sent mail (its envelope: the body is emptied on sending) is deleted after this. */
  keepSentMs: 30 * DAY,
};

export type MailWorkerOptions = Partial<typeof mailWorkerDefaults> & {
  smtpUrl: string;
  from: string;
};

/** What the worker needs of the app's context. */
export interface MailWorkerContext {
  db: Kysely<Database>;
  now: () => Date;
}

export interface DeliveryCounts {
  sent: number;
  retried: number;
  failed: number;
}

/** A mail attempt that did not go out, for the log: never the body, which may hold a code. */
export interface MailProblem {
  mailId: number;
  attempts: number;
  final: boolean;
}

export interface MailWorker {
  /** Sends all mail due now, round after round; answers what became of it. */
  drain(): Promise<DeliveryCounts>;
  /** Starts polling, and sending at once when `mailer` queues mail; `stop` ends it. */
  start(mailer?: Pick<Mailer, 'onQueued'>): void;
  /** Stops for good: waits for the mail being sent, starts no more, closes the transport. */
  stop(): Promise<void>;
}

/*
 * The mail worker: sends the outbox's pending mail by SMTP outside any request, with
 * exponential backoff between attempts and a final 'failed' state kept for operators
 * (docs/operations.md#mail-outbox). Every process may run one: claims never overlap.
 */

/**
 * A worker over the outbox of `ctx.db`. `onProblem` hears of failed attempts (with the mail's
 * id, never its body) and of errors of the worker itself (without a mail).
 * @example const worker = createMailWorker(ctx, { smtpUrl, from }, log); await worker.drain();
 */
export function createMailWorker(
  ctx: MailWorkerContext,
  options: MailWorkerOptions,
  onProblem: (error: unknown, mail?: MailProblem) => void = () => {},
): MailWorker {
  const o = { ...mailWorkerDefaults, ...options };
  const transport = nodemailer.createTransport({
    url: o.smtpUrl,
    connectionTimeout: o.smtpTimeoutMs,
    greetingTimeout: o.smtpTimeoutMs,
    socketTimeout: o.smtpTimeoutMs,
  });
  let running: Promise<DeliveryCounts> | null = null;
  let again = false;
  let stopped = true;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let lastPurge = 0;

  async function attempt(mail: ClaimedMail, counts: DeliveryCounts): Promise<void> {
    const leaseUntil = new Date(ctx.now().getTime() + o.leaseMs);
    if (!(await renewClaim(ctx.db, mail, leaseUntil))) return;
    try {
      const files = await findMailAttachments(ctx.db, mail.attachmentIds);
      await transport.sendMail({
        from: o.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        attachments: files.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      });
    } catch (error) {
      const final = mail.attempts >= o.maxAttempts || recipientRefused(error);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const nextAttemptAt = new Date(ctx.now().getTime() + retryDelay(mail.attempts));
      await finishMail(
        ctx.db,
        mail,
        final
          ? { status: 'failed', error: message }
          : { status: 'pending', nextAttemptAt, error: message },
      );
      counts[final ? 'failed' : 'retried'] += 1;
      onProblem(error, { mailId: mail.id, attempts: mail.attempts, final });
      return;
    }
    await finishMail(ctx.db, mail, { status: 'sent', at: ctx.now() });
    counts.sent += 1;
  }

  function retryDelay(attempts: number): number {
    return Math.min(o.retryBaseMs * 2 ** (attempts - 1), o.retryMaxMs);
  }

  async function rounds(): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0 };
    while (!closing) {
      // Mail queued while this round runs sets `again`: one more round picks it up.
      again = false;
      const now = ctx.now();
      const claimed = await claimDueMail(ctx.db, {
        now,
        leaseUntil: new Date(now.getTime() + o.leaseMs),
        limit: o.batchSize,
      });
      for (const mail of claimed) {
        // Stopping: what is left of the round goes back to the queue for the next worker.
        if (closing) await releaseMail(ctx.db, mail, now);
        else await attempt(mail, counts);
      }
      if (claimed.length < o.batchSize && !again) break;
    }
    if (ctx.now().getTime() - lastPurge > HOUR) {
      lastPurge = ctx.now().getTime();
      await deleteSentMailBefore(ctx.db, new Date(lastPurge - o.keepSentMs));
      await deleteUnneededAttachments(ctx.db);
    }
    return counts;
  }

  function drain(): Promise<DeliveryCounts> {
    if (running) {
      again = true;
      return running;
    }
    running = rounds().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    if (!stopped) drain().catch((error: unknown) => onProblem(error));
  };

  return {
    drain,
    start(mailer) {
      if (!stopped) return;
      stopped = false;
      // After the queuing request's own work, not inside it.
      unsubscribe = mailer?.onQueued?.(() => setImmediate(tick));
      timer = setInterval(tick, o.pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      closing = true;
      clearInterval(timer);
      unsubscribe?.();
      await running?.catch(() => {});
      transport.close();
    },
  };
}

/**
 * Whether the server refused the recipient for good (a 5xx answer to RCPT TO, e.g. 550 no such
 * mailbox): trying again cannot help. Other 5xx answers (a refused login or sender) may be the
 * configuration, which an operator fixes, so those are retried like any failure.
 */
function recipientRefused(error: unknown): boolean {
  const { command, responseCode } = error as { command?: unknown; responseCode?: unknown };
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500;
}

/**
 * Runs the mail worker in the background when SMTP_URL is set (without it mail stays in the
 * local mailbox and there is nothing to send). Answers a function that stops it.
 * @example const stop = startMailWorker(ctx, (error) => log.warn(error)); … await stop();
 */
export function startMailWorker(
  ctx: MailWorkerContext & {
    mailer: Pick<Mailer, 'onQueued'>;
    config: { mail: { smtpUrl?: string; from: string } };
  },
  onProblem: (error: unknown, mail?: MailProblem) => void,
): () => Promise<void> {
  const { smtpUrl, from } = ctx.config.mail;
  if (!smtpUrl) return async () => {};
  const worker = createMailWorker(ctx, { smtpUrl, from }, onProblem);
  worker.start(ctx.mailer);
  return () => worker.stop();
}
