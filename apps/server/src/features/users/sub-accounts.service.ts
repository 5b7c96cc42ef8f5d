import { messages } from '@baletrack/contracts/errors/messages';
import { isAuthorizedUser, type UserGroup } from '@baletrack/contracts/identity/user';
import type {
  InviteUserRequest,
  SubAccount,
  UpdateUserRequest,
  UserRefQuery,
} from '@baletrack/contracts/users/sub-account';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { temporaryPassword } from '../identity/temporary-password.ts';
import { UserExistsError, UserPool } from '../identity/user-pool.service.ts';
import { inviteMail } from './invite-mail.ts';
import { toUserView } from './user-view.ts';
import {
  findOrganization,
  findUserByRef,
  listUsers,
  organizationOfEmail,
  renameUser,
} from './users.repository.ts';

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * Sub-account users (API 2's /users and /user calls): the owner invites, renames, disables,
 * enables, re-invites and deletes the people of their organization. Owners are the
 * AccountsOwner of the organization or a SuperAdmin acting on it (spec §6); everyone else,
 * sub-users included, gets 'Only the account owner can modify users.' — also for the lists,
 * since they hold everyone's email address.
 */
export class SubAccountsService {
  readonly #pool: UserPool;

  constructor(private readonly ctx: AppContext) {
    this.#pool = new UserPool(ctx);
  }

  async list(principal: Principal, only: { group?: UserGroup; noGroup?: boolean } = {}) {
    assertOwner(principal);
    const users = await listUsers(this.ctx.db, principal.orgId, only);
    return { users: users.map(toUserView) };
  }

  /** POST /user: a pool user who must choose a password at first sign-in, and the invite mail. */
  async invite(principal: Principal, input: InviteUserRequest, log: Log): Promise<SubAccount> {
    assertOwner(principal);
    await this.#assertEmailFree(principal.orgId, input.email);
    const organization = await findOrganization(this.ctx.db, principal.orgId);
    if (!organization) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
    const password = temporaryPassword();
    let userId: string;
    try {
      ({ id: userId } = await this.#pool.createUser(this.ctx.db, {
        orgId: principal.orgId,
        email: input.email,
        name: input.name,
        password,
        groups: [],
        status: 'FORCE_CHANGE_PASSWORD',
      }));
    } catch (error) {
      // Someone registered or was invited with this address a moment ago.
      if (error instanceof UserExistsError)
        await this.#assertEmailFree(principal.orgId, input.email);
      return failed(log, messages.user.creationFailed, error);
    }
    try {
      await this.ctx.mailer.send(
        inviteMail({
          to: input.email,
          name: input.name,
          organizationName: organization.name,
          temporaryPassword: password,
          signInUrl: `${this.ctx.config.publicUrl}/login`,
        }),
      );
    } catch (error) {
      // An invite nobody received is useless; the owner simply tries again.
      await this.#pool.deleteUser(userId);
      return failed(log, messages.user.creationFailed, error);
    }
    return this.#view(principal.orgId, { id: userId });
  }

  /** PUT /user: renames anyone of the organization, the owner included. */
  async rename(principal: Principal, input: UpdateUserRequest, log: Log): Promise<SubAccount> {
    assertOwner(principal);
    const user = await this.#target(principal, { id: input.id });
    try {
      await renameUser(this.ctx.db, principal.orgId, user.id, input.name);
    } catch (error) {
      return failed(log, messages.user.updateFailed, error);
    }
    return this.#view(principal.orgId, { id: user.id });
  }

  /** PUT /user/enable and /user/disable; disabling ends the user's sessions at once. */
  async setEnabled(principal: Principal, ref: UserRefQuery, enabled: boolean, log: Log) {
    assertOwner(principal);
    const user = await this.#target(principal, ref);
    if (!enabled && user.id === principal.userId) {
      throw new AppError('VALIDATION_FAILED', messages.user.cannotDisableSelf);
    }
    try {
      await this.#pool.setEnabled(user.id, enabled);
    } catch (error) {
      return failed(log, messages.user.updateFailed, error);
    }
    return this.#view(principal.orgId, { id: user.id });
  }

  /** PUT /user/reinvite: a new temporary password and mail, while the invite is pending. */
  async reinvite(principal: Principal, ref: UserRefQuery, log: Log): Promise<SubAccount> {
    assertOwner(principal);
    const user = await this.#target(principal, ref);
    if (user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw new AppError('CONFLICT', messages.user.inviteAlreadyAccepted);
    }
    const organization = await findOrganization(this.ctx.db, principal.orgId);
    const password = temporaryPassword();
    try {
      // The old temporary password stops working: only the newest mail is valid.
      await this.#pool.resetTemporaryPassword(user.id, password);
      await this.ctx.mailer.send(
        inviteMail({
          to: user.email,
          name: user.name || user.email,
          organizationName: organization?.name ?? '',
          temporaryPassword: password,
          signInUrl: `${this.ctx.config.publicUrl}/login`,
        }),
      );
    } catch (error) {
      return failed(log, messages.user.reinviteFailed, error);
    }
    return this.#view(principal.orgId, { id: user.id });
  }

  /** DELETE /user: removes the user from the pool; their sessions and codes go with them. */
  async remove(principal: Principal, ref: UserRefQuery, log: Log): Promise<void> {
    assertOwner(principal);
    const user = await this.#target(principal, ref);
    if (user.id === principal.userId) {
      throw new AppError('VALIDATION_FAILED', messages.user.cannotDeleteSelf);
    }
    try {
      await this.#pool.deleteUser(user.id);
    } catch (error) {
      failed(log, messages.user.deleteFailed, error);
    }
  }

  async #assertEmailFree(orgId: string, email: string): Promise<void> {
    const owner = await organizationOfEmail(this.ctx.db, email);
    if (owner === orgId) throw new AppError('CONFLICT', messages.user.alreadyExists);
    if (owner !== undefined) {
      throw new AppError('CONFLICT', messages.user.existsInAnotherOrganization);
    }
  }

  /** The user acted on, looked up only inside the organization acted on. */
  async #target(principal: Principal, ref: UserRefQuery) {
    const user = await findUserByRef(this.ctx.db, principal.orgId, ref);
    if (!user) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
    return user;
  }

  async #view(orgId: string, ref: UserRefQuery): Promise<SubAccount> {
    const user = await findUserByRef(this.ctx.db, orgId, ref);
    if (!user) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
    return toUserView(user);
  }
}

function assertOwner(principal: Principal): void {
  if (!isAuthorizedUser(principal.groups)) {
    throw new AppError('FORBIDDEN', messages.roles.ownerOnlyUsers);
  }
}

/** Logs an unexpected failure and answers with the spec's message for it. */
function failed(log: Log, message: string, error: unknown): never {
  if (error instanceof AppError) throw error;
  log.error({ err: error }, message);
  throw new AppError('INTERNAL', message);
}
