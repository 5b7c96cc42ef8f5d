import crypto from 'node:crypto';
import {
  AUTHORIZED_EMAIL_CODE_ATTEMPTS,
  type AuthorizedEmailEntry,
  type AuthorizedEmailList,
  type ChangeAuthorizedEmailQuery,
} from '@baletrack/contracts/balers/authorized-email';
import { messages } from '@baletrack/contracts/errors/messages';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { assertMay } from '../../lib/roles.ts';
import { findOrganization } from '../users/users.repository.ts';
import { statusAt, toEntry } from './authorized-email-view.ts';
import {
  type AuthorizedEmailRow,
  activate,
  type Confirmation,
  deleteAuthorizedEmail,
  findLiveAuthorizedEmail,
  insertAuthorizedEmail,
  listAuthorizedEmails,
  markDeleted,
  renewConfirmation,
  spendCodeAttempt,
} from './authorized-emails.repository.ts';
import { confirmationMail } from './confirmation-mail.ts';

const DAY_MS = 86_400_000;
const TOKEN_PURPOSE = 'authorized-email-token';
const CODE_PURPOSE = 'authorized-email-code';

interface Log {
  error(obj: object, msg: string): void;
}

/*
 * API 2's /authorized-emails calls: emails other than the account's under which the
 * organization's balers' ACM subscriptions may run (docs/product.md#balers-and-authorized-emails).
 * Everyone of the organization reads them; only the owner (or a SuperAdmin acting on it) adds,
 * confirms with a code, resends and removes, as with balers. Each add or resend mails the holder a
 * single-use link (public, see `confirmByLink`) and a code, open for
 * `config.authorizedEmailConfirmDays`.
 */

export async function authorizedEmailsOf(
  ctx: AppContext,
  principal: Principal,
): Promise<AuthorizedEmailList> {
  const rows = await listAuthorizedEmails(ctx.db, principal.orgId);
  const now = ctx.now();
  return { authorizedEmails: rows.map((row) => toEntry(row, now)) };
}

/** POST /authorized-emails/{email}: Pending, and the holder is mailed. */
export async function addAuthorizedEmail(
  ctx: AppContext,
  principal: Principal,
  email: string,
  log: Log,
): Promise<AuthorizedEmailEntry> {
  assertMay(principal, 'balers');
  const existing = await findLiveAuthorizedEmail(ctx.db, principal.orgId, email);
  // An Expired one is asked again; a Pending or Active one already stands.
  if (existing && statusAt(existing, ctx.now()) === 'Expired') {
    return resendConfirmation(ctx, principal, existing, log);
  }
  if (existing) throw new AppError('CONFLICT', messages.baler.emailExists);
  const id = crypto.randomUUID();
  const { confirmation, mail } = await newConfirmation(ctx, principal.orgId, id, email);
  try {
    await insertAuthorizedEmail(ctx.db, {
      id,
      orgId: principal.orgId,
      email,
      createdAt: ctx.now(),
      ...confirmation,
    });
  } catch (error) {
    // The same email added a moment ago: the unique index decides.
    if (isUniqueViolation(error, 'authorized_emails_org_email_live_key')) {
      throw new AppError('CONFLICT', messages.baler.emailExists);
    }
    throw error;
  }
  try {
    await sendConfirmationMail(ctx, mail, log);
  } catch (error) {
    // An entry whose mail never left would wait for a confirmation nobody can give.
    await deleteAuthorizedEmail(ctx.db, id);
    throw error;
  }
  return entryOf(ctx, principal.orgId, email);
}

/** PUT /authorized-emails/{email}: `code` confirms it, `resend` mails a new link and code. */
export async function changeAuthorizedEmail(
  ctx: AppContext,
  principal: Principal,
  email: string,
  query: ChangeAuthorizedEmailQuery,
  log: Log,
): Promise<AuthorizedEmailEntry> {
  assertMay(principal, 'balers');
  const row = await findLiveAuthorizedEmail(ctx.db, principal.orgId, email);
  if (!row) throw new AppError('NOT_FOUND', messages.authorizedEmail.notFound);
  if (row.status === 'Active') throw new AppError('CONFLICT', messages.authorizedEmail.notPending);
  if (query.resend) return resendConfirmation(ctx, principal, row, log);
  if (statusAt(row, ctx.now()) === 'Expired') {
    throw new AppError('CONFLICT', messages.authorizedEmail.expired);
  }
  await confirmWithCode(ctx, row, query.code ?? '');
  return entryOf(ctx, principal.orgId, email);
}

/** DELETE /authorized-emails/{email}: Deleted, kept for history; its link stops working. */
export async function removeAuthorizedEmail(
  ctx: AppContext,
  principal: Principal,
  email: string,
): Promise<void> {
  assertMay(principal, 'balers');
  const row = await findLiveAuthorizedEmail(ctx.db, principal.orgId, email);
  if (!row || !(await markDeleted(ctx.db, row.id, ctx.now()))) {
    throw new AppError('NOT_FOUND', messages.authorizedEmail.notFound);
  }
}

async function confirmWithCode(
  ctx: AppContext,
  row: AuthorizedEmailRow,
  code: string,
): Promise<void> {
  const spent = await spendCodeAttempt(ctx.db, row.id, AUTHORIZED_EMAIL_CODE_ATTEMPTS);
  if (!spent?.codeHash) {
    throw new AppError('CONFLICT', messages.authorizedEmail.codeAttemptsExceeded);
  }
  const expected = Buffer.from(spent.codeHash, 'hex');
  const given = Buffer.from(codeHash(ctx, row.id, code), 'hex');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    throw new AppError('VALIDATION_FAILED', messages.authorizedEmail.codeInvalid, [
      { path: 'code', message: messages.authorizedEmail.codeInvalid },
    ]);
  }
  if (!(await activate(ctx.db, row.id, ctx.now()))) {
    throw new AppError('CONFLICT', messages.authorizedEmail.expired);
  }
}

/** A new link and code for a Pending or Expired entry; the previous ones stop working. */
async function resendConfirmation(
  ctx: AppContext,
  principal: Principal,
  row: AuthorizedEmailRow,
  log: Log,
) {
  const { confirmation, mail } = await newConfirmation(ctx, principal.orgId, row.id, row.email);
  // Renewed before mailing so the mailed link works; a failed mail leaves an entry to resend.
  await renewConfirmation(ctx.db, row.id, confirmation);
  await sendConfirmationMail(ctx, mail, log);
  return entryOf(ctx, principal.orgId, row.email);
}

async function newConfirmation(ctx: AppContext, orgId: string, id: string, email: string) {
  const organization = await findOrganization(ctx.db, orgId);
  const token = crypto.randomBytes(32).toString('base64url');
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const confirmBy = new Date(ctx.now().getTime() + ctx.config.authorizedEmailConfirmDays * DAY_MS);
  const confirmation: Confirmation = {
    tokenHash: tokenHash(ctx, token),
    codeHash: codeHash(ctx, id, code),
    confirmBy,
  };
  const link = `${ctx.config.publicUrl}/user-api/public/authorized-emails/confirm?token=${token}`;
  const mail = confirmationMail({
    to: email,
    organizationName: organization?.name ?? '',
    code,
    link,
    confirmBy,
  });
  return { confirmation, mail };
}

async function sendConfirmationMail(
  ctx: AppContext,
  mail: Parameters<AppContext['mailer']['send']>[0],
  log: Log,
): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    log.error({ err: error }, 'authorized email confirmation not sent');
    throw new AppError('INTERNAL', messages.authorizedEmail.sendFailed);
  }
}

async function entryOf(
  ctx: AppContext,
  orgId: string,
  email: string,
): Promise<AuthorizedEmailEntry> {
  const row = await findLiveAuthorizedEmail(ctx.db, orgId, email);
  if (!row) throw new AppError('NOT_FOUND', messages.authorizedEmail.notFound);
  return toEntry(row, ctx.now());
}

function codeHash(ctx: AppContext, id: string, code: string): string {
  return ctx.secrets.hash(CODE_PURPOSE, `${id}:${code.trim()}`);
}

/** The stored form of a confirmation link's token. */
export function tokenHash(ctx: AppContext, token: string): string {
  return ctx.secrets.hash(TOKEN_PURPOSE, token);
}
