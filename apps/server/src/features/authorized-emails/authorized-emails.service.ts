import crypto from 'node:crypto';
import {
  AUTHORIZED_EMAIL_CODE_ATTEMPTS,
  type AuthorizedEmailEntry,
  type AuthorizedEmailList,
  type ChangeAuthorizedEmailQuery,
} from '@baletrack/contracts/balers/authorized-email';
import { messages } from '@baletrack/contracts/errors/messages';
import { isAuthorizedUser } from '@baletrack/contracts/identity/user';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
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

/**
 * API 2's /authorized-emails calls: emails other than the account's under which the
 * organization's balers' ACM subscriptions may run (spec §3, §6). Everyone of the organization
 * reads them; only the owner (or a SuperAdmin acting on it) adds, confirms with a code, resends
 * and removes, as with balers. Each add or resend mails the holder a single-use link (public,
 * see `confirmLink`) and a code, open for `config.authorizedEmailConfirmDays`.
 */
export class AuthorizedEmailsService {
  constructor(private readonly ctx: AppContext) {}

  async list(principal: Principal): Promise<AuthorizedEmailList> {
    const rows = await listAuthorizedEmails(this.ctx.db, principal.orgId);
    const now = this.ctx.now();
    return { authorizedEmails: rows.map((row) => toEntry(row, now)) };
  }

  /** POST /authorized-emails/{email}: Pending, and the holder is mailed. */
  async add(principal: Principal, email: string, log: Log): Promise<AuthorizedEmailEntry> {
    assertOwner(principal);
    const existing = await findLiveAuthorizedEmail(this.ctx.db, principal.orgId, email);
    // An Expired one is asked again; a Pending or Active one already stands.
    if (existing && statusAt(existing, this.ctx.now()) === 'Expired') {
      return this.#resend(principal, existing, log);
    }
    if (existing) throw new AppError('CONFLICT', messages.baler.emailExists);
    const id = crypto.randomUUID();
    const { confirmation, mail } = await this.#newConfirmation(principal.orgId, id, email);
    try {
      await insertAuthorizedEmail(this.ctx.db, {
        id,
        orgId: principal.orgId,
        email,
        createdAt: this.ctx.now(),
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
      await this.#send(mail, log);
    } catch (error) {
      // An entry whose mail never left would wait for a confirmation nobody can give.
      await deleteAuthorizedEmail(this.ctx.db, id);
      throw error;
    }
    return this.#entry(principal.orgId, email);
  }

  /** PUT /authorized-emails/{email}: `code` confirms it, `resend` mails a new link and code. */
  async change(
    principal: Principal,
    email: string,
    query: ChangeAuthorizedEmailQuery,
    log: Log,
  ): Promise<AuthorizedEmailEntry> {
    assertOwner(principal);
    const row = await findLiveAuthorizedEmail(this.ctx.db, principal.orgId, email);
    if (!row) throw new AppError('NOT_FOUND', messages.authorizedEmail.notFound);
    if (row.status === 'Active')
      throw new AppError('CONFLICT', messages.authorizedEmail.notPending);
    if (query.resend) return this.#resend(principal, row, log);
    if (statusAt(row, this.ctx.now()) === 'Expired') {
      throw new AppError('CONFLICT', messages.authorizedEmail.expired);
    }
    await this.#confirmWithCode(row, query.code ?? '');
    return this.#entry(principal.orgId, email);
  }

  /** DELETE /authorized-emails/{email}: Deleted, kept for history; its link stops working. */
  async remove(principal: Principal, email: string): Promise<void> {
    assertOwner(principal);
    const row = await findLiveAuthorizedEmail(this.ctx.db, principal.orgId, email);
    if (!row || !(await markDeleted(this.ctx.db, row.id, this.ctx.now()))) {
      throw new AppError('NOT_FOUND', messages.authorizedEmail.notFound);
    }
  }

  async #confirmWithCode(row: AuthorizedEmailRow, code: string): Promise<void> {
    const spent = await spendCodeAttempt(this.ctx.db, row.id, AUTHORIZED_EMAIL_CODE_ATTEMPTS);
    if (!spent?.codeHash) {
      throw new AppError('CONFLICT', messages.authorizedEmail.codeAttemptsExceeded);
    }
    const expected = Buffer.from(spent.codeHash, 'hex');
    const given = Buffer.from(this.#codeHash(row.id, code), 'hex');
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      throw new AppError('VALIDATION_FAILED', messages.authorizedEmail.codeInvalid, [
        { path: 'code', message: messages.authorizedEmail.codeInvalid },
      ]);
    }
    if (!(await activate(this.ctx.db, row.id, this.ctx.now()))) {
      throw new AppError('CONFLICT', messages.authorizedEmail.expired);
    }
  }

  /** A new link and code for a Pending or Expired entry; the previous ones stop working. */
  async #resend(principal: Principal, row: AuthorizedEmailRow, log: Log) {
    const { confirmation, mail } = await this.#newConfirmation(principal.orgId, row.id, row.email);
    // Renewed before mailing so the mailed link works; a failed mail leaves an entry to resend.
    await renewConfirmation(this.ctx.db, row.id, confirmation);
    await this.#send(mail, log);
    return this.#entry(principal.orgId, row.email);
  }

  async #newConfirmation(orgId: string, id: string, email: string) {
    const organization = await findOrganization(this.ctx.db, orgId);
    const token = crypto.randomBytes(32).toString('base64url');
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    const confirmBy = new Date(
      this.ctx.now().getTime() + this.ctx.config.authorizedEmailConfirmDays * DAY_MS,
    );
    const confirmation: Confirmation = {
      tokenHash: tokenHash(this.ctx, token),
      codeHash: this.#codeHash(id, code),
      confirmBy,
    };
    const link = `${this.ctx.config.publicUrl}/user-api/public/authorized-emails/confirm?token=${token}`;
    const mail = confirmationMail({
      to: email,
      organizationName: organization?.name ?? '',
      code,
      link,
      confirmBy,
    });
    return { confirmation, mail };
  }

  async #send(mail: Parameters<AppContext['mailer']['send']>[0], log: Log): Promise<void> {
    try {
      await this.ctx.mailer.send(mail);
    } catch (error) {
      log.error({ err: error }, 'authorized email confirmation not sent');
      throw new AppError('INTERNAL', messages.authorizedEmail.sendFailed);
    }
  }

  async #entry(orgId: string, email: string): Promise<AuthorizedEmailEntry> {
    const row = await findLiveAuthorizedEmail(this.ctx.db, orgId, email);
    if (!row) throw new AppError('NOT_FOUND', messages.authorizedEmail.notFound);
    return toEntry(row, this.ctx.now());
  }

  #codeHash(id: string, code: string): string {
    return this.ctx.secrets.hash(CODE_PURPOSE, `${id}:${code.trim()}`);
  }
}

/** The stored form of a confirmation link's token. */
export function tokenHash(ctx: AppContext, token: string): string {
  return ctx.secrets.hash(TOKEN_PURPOSE, token);
}

function assertOwner(principal: Principal): void {
  if (!isAuthorizedUser(principal.groups)) {
    throw new AppError('FORBIDDEN', messages.roles.ownerOnlyBalers);
  }
}
