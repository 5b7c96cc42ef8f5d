import { messages } from '@baletrack/contracts/errors/messages';
import { groupsWithRole, roleGroups } from '@baletrack/contracts/identity/roles';
import type { UserGroup } from '@baletrack/contracts/identity/user';
import type {
  ChangeRoleRequest,
  InviteUserRequest,
  SubAccount,
  UpdateUserRequest,
  UserRefQuery,
} from '@baletrack/contracts/users/sub-account';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { updateUser } from '../identity/pool-users.repository.ts';
import { temporaryPassword } from '../identity/temporary-password.ts';
import {
  createPoolUser,
  deletePoolUser,
  resetTemporaryPassword,
  setUserEnabled,
  UserExistsError,
} from '../identity/user-pool.service.ts';
import { inviteMail } from './invite-mail.ts';
import { toUserView } from './user-view.ts';
import {
  emailReceivesReports,
  findOrganization,
  findUserByRef,
  listUsers,
  organizationOfEmail,
  renameUser,
} from './users.repository.ts';

interface Log {
  error(obj: object, msg: string): void;
}

/*
 * Sub-account users (API 2's /users and /user calls): the owner invites, renames, disables,
 * enables, re-invites and deletes the people of their organization. Owners are the
 * AccountsOwner of the organization or a SuperAdmin acting on it (docs/product.md#roles); everyone
 * else, managers and viewers included, gets 'Only the account owner can modify users.' — also for
 * the lists, since they hold everyone's email address.
 */

/** GET /users, /users/group and /users/organization: the sub-accounts, a group, or everyone. */
export async function organizationUsers(
  ctx: AppContext,
  principal: Principal,
  only: { group?: UserGroup; subAccounts?: boolean } = {},
) {
  assertMay(principal, 'people');
  const users = await listUsers(ctx.db, principal.orgId, only);
  return { users: users.map(toUserView) };
}

/** POST /user: a pool user who must choose a password at first sign-in, and the invite mail. */
export async function inviteSubAccount(
  ctx: AppContext,
  principal: Principal,
  input: InviteUserRequest,
  log: Log,
): Promise<SubAccount> {
  assertMay(principal, 'people');
  await assertEmailFree(ctx, principal.orgId, input.email);
  const organization = await findOrganization(ctx.db, principal.orgId);
  if (!organization) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
  const password = temporaryPassword();
  let userId: string;
  try {
    ({ id: userId } = await createPoolUser(ctx, {
      orgId: principal.orgId,
      email: input.email,
      name: input.name,
      password,
      groups: [roleGroups[input.role]],
      status: 'FORCE_CHANGE_PASSWORD',
    }));
  } catch (error) {
    // Someone registered or was invited with this address a moment ago.
    if (error instanceof UserExistsError) await assertEmailFree(ctx, principal.orgId, input.email);
    return failed(log, messages.user.creationFailed, error);
  }
  try {
    await ctx.mailer.send(
      inviteMail({
        to: input.email,
        name: input.name,
        organizationName: organization.name,
        temporaryPassword: password,
        signInUrl: `${ctx.config.publicUrl}/login`,
      }),
    );
  } catch (error) {
    // An invite nobody received is useless; the owner simply tries again.
    await deletePoolUser(ctx, userId);
    return failed(log, messages.user.creationFailed, error);
  }
  return subAccountView(ctx, principal.orgId, { id: userId });
}

/** PUT /user: renames anyone of the organization, the owner included. */
export async function renameSubAccount(
  ctx: AppContext,
  principal: Principal,
  input: UpdateUserRequest,
  log: Log,
): Promise<SubAccount> {
  assertMay(principal, 'people');
  const user = await targetUser(ctx, principal, { id: input.id });
  try {
    await renameUser(ctx.db, principal.orgId, user.id, input.name);
  } catch (error) {
    return failed(log, messages.user.updateFailed, error);
  }
  return subAccountView(ctx, principal.orgId, { id: user.id });
}

/**
 * PUT /user/role: makes someone a manager or a viewer. The server reads groups from the database
 * on every call, so it applies to their next call (docs/product.md#roles: staleness).
 */
export async function changeSubAccountRole(
  ctx: AppContext,
  principal: Principal,
  input: ChangeRoleRequest,
  log: Log,
): Promise<SubAccount> {
  assertMay(principal, 'people');
  const user = await targetUser(ctx, principal, { id: input.id });
  if (user.groups.includes('AccountsOwner') || user.groups.includes('SuperAdmins')) {
    throw new AppError('VALIDATION_FAILED', messages.roles.ownerRoleFixed);
  }
  try {
    await updateUser(ctx.db, user.id, { groups: groupsWithRole(user.groups, input.role) });
  } catch (error) {
    return failed(log, messages.user.updateFailed, error);
  }
  return subAccountView(ctx, principal.orgId, { id: user.id });
}

/** PUT /user/enable and /user/disable; disabling ends the user's sessions at once. */
export async function setSubAccountEnabled(
  ctx: AppContext,
  principal: Principal,
  ref: UserRefQuery,
  enabled: boolean,
  log: Log,
) {
  assertMay(principal, 'people');
  const user = await targetUser(ctx, principal, ref);
  if (!enabled && user.id === principal.userId) {
    throw new AppError('VALIDATION_FAILED', messages.user.cannotDisableSelf);
  }
  try {
    await setUserEnabled(ctx, user.id, enabled);
  } catch (error) {
    return failed(log, messages.user.updateFailed, error);
  }
  return subAccountView(ctx, principal.orgId, { id: user.id });
}

/** PUT /user/reinvite: a new temporary password and mail, while the invite is pending. */
export async function reinviteSubAccount(
  ctx: AppContext,
  principal: Principal,
  ref: UserRefQuery,
  log: Log,
): Promise<SubAccount> {
  assertMay(principal, 'people');
  const user = await targetUser(ctx, principal, ref);
  if (user.status !== 'FORCE_CHANGE_PASSWORD') {
    throw new AppError('CONFLICT', messages.user.inviteAlreadyAccepted);
  }
  const organization = await findOrganization(ctx.db, principal.orgId);
  const password = temporaryPassword();
  try {
    // The old temporary password stops working: only the newest mail is valid.
    await resetTemporaryPassword(ctx, user.id, password);
    await ctx.mailer.send(
      inviteMail({
        to: user.email,
        name: user.name || user.email,
        organizationName: organization?.name ?? '',
        temporaryPassword: password,
        signInUrl: `${ctx.config.publicUrl}/login`,
      }),
    );
  } catch (error) {
    return failed(log, messages.user.reinviteFailed, error);
  }
  return subAccountView(ctx, principal.orgId, { id: user.id });
}

/** DELETE /user: removes the user from the pool; their sessions and codes go with them. */
export async function deleteSubAccount(
  ctx: AppContext,
  principal: Principal,
  ref: UserRefQuery,
  log: Log,
): Promise<void> {
  assertMay(principal, 'people');
  const user = await targetUser(ctx, principal, ref);
  if (user.id === principal.userId) {
    throw new AppError('VALIDATION_FAILED', messages.user.cannotDeleteSelf);
  }
  // A person an automated report is mailed to stays until the owner takes them off it.
  if (await emailReceivesReports(ctx.db, principal.orgId, user.email)) {
    throw new AppError('CONFLICT', messages.user.deleteUnsubscribeFirst);
  }
  try {
    await deletePoolUser(ctx, user.id);
  } catch (error) {
    failed(log, messages.user.deleteFailed, error);
  }
}

async function assertEmailFree(ctx: AppContext, orgId: string, email: string): Promise<void> {
  const owner = await organizationOfEmail(ctx.db, email);
  if (owner === orgId) throw new AppError('CONFLICT', messages.user.alreadyExists);
  if (owner !== undefined) {
    throw new AppError('CONFLICT', messages.user.existsInAnotherOrganization);
  }
}

/** The user acted on, looked up only inside the organization acted on. */
async function targetUser(ctx: AppContext, principal: Principal, ref: UserRefQuery) {
  const user = await findUserByRef(ctx.db, principal.orgId, ref);
  if (!user) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
  return user;
}

async function subAccountView(
  ctx: AppContext,
  orgId: string,
  ref: UserRefQuery,
): Promise<SubAccount> {
  const user = await findUserByRef(ctx.db, orgId, ref);
  if (!user) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
  return toUserView(user);
}

/** Logs an unexpected failure and answers with the spec's message for it. */
function failed(log: Log, message: string, error: unknown): never {
  if (error instanceof AppError) throw error;
  log.error({ err: error }, message);
  throw new AppError('INTERNAL', message);
}
