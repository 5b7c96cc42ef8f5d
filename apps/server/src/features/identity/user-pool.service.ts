import crypto from 'node:crypto';
import { userGroups } from '@baletrack/contracts/identity/user';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { deleteUserChallenges } from './auth-challenges.repository.ts';
import { CognitoError, cognitoErrors, UserExistsError } from './cognito-error.ts';
import { assertPasswordPolicy, Credentials } from './credentials.service.ts';
import { codeDeliveryDetails } from './identity-mails.ts';
import {
  deleteUserById,
  emailExists,
  findUserById,
  findUserByUsername,
  insertUser,
  type PoolUser,
  updateUser,
} from './pool-users.repository.ts';
import { Throttle } from './throttle.service.ts';
import { Tokens } from './tokens.service.ts';
import { UserCodes } from './user-codes.service.ts';

export { UserExistsError } from './cognito-error.ts';

export type PoolUserStatus =
  | 'UNCONFIRMED'
  | 'CONFIRMED'
  | 'FORCE_CHANGE_PASSWORD'
  | 'RESET_REQUIRED';

export interface NewPoolUser {
  orgId: string;
  email: string;
  name: string;
  password: string;
  groups: string[];
  status: 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';
}

/**
 * The embedded user pool's users: creation for the rest of the server, and the account
 * operations of the Cognito protocol (confirmation, codes, password change and reset, GetUser).
 */
export class UserPool {
  readonly #credentials: Credentials;
  readonly #codes: UserCodes;
  readonly #throttle: Throttle;
  readonly #tokens: Tokens;

  constructor(private readonly ctx: AppContext) {
    this.#credentials = new Credentials(ctx);
    this.#codes = new UserCodes(ctx);
    this.#throttle = new Throttle(ctx);
    this.#tokens = new Tokens(ctx);
  }

  /**
   * Creates a user with a password verifier; pass the caller's transaction to create it with
   * its organization. Throws UserExistsError when the email is taken, and an
   * InvalidPasswordException CognitoError when the password breaks the policy.
   * @example await new UserPool(ctx).createUser(trx, { orgId, email, name: '', password, groups: ['AccountsOwner'], status: 'UNCONFIRMED' })
   */
  async createUser(
    db: Kysely<Database> | Transaction<Database>,
    input: NewPoolUser,
  ): Promise<{ id: string }> {
    assertPasswordPolicy(input.password);
    const unknown = input.groups.filter(
      (group) => !(userGroups as readonly string[]).includes(group),
    );
    if (unknown.length > 0) throw new Error(`Unknown user groups: ${unknown.join(', ')}`);
    const email = input.email.trim().toLowerCase();
    if (await emailExists(db, email)) throw new UserExistsError();
    const id = crypto.randomUUID();
    try {
      await insertUser(db, {
        id,
        orgId: input.orgId,
        email,
        name: input.name,
        status: input.status,
        groups: input.groups,
        ...this.#credentials.newVerifier(id, input.password),
      });
    } catch (error) {
      // A registration racing ours for the same address: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw new UserExistsError();
      throw error;
    }
    return { id };
  }

  /** Mails a new sign-up confirmation code (the same path as ResendConfirmationCode). */
  async sendConfirmationCode(userId: string): Promise<void> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw new Error(`No user ${userId}`);
    if (user.status !== 'UNCONFIRMED') {
      throw cognitoErrors.invalidParameter('User is already confirmed.');
    }
    await this.#codes.send(user, 'confirm-sign-up');
  }

  /** ResendConfirmationCode: unknown names get the same answer, and no mail. */
  async resendConfirmationCode(username: string) {
    const user = await findUserByUsername(this.ctx.db, username);
    if (user) await this.sendConfirmationCode(user.id);
    return codeDeliveryDetails(user?.email ?? username);
  }

  async confirmSignUp(username: string, code: string, address: string): Promise<void> {
    await this.#throttle.assertAddressAllowed(address);
    const user = await findUserByUsername(this.ctx.db, username);
    if (!user) {
      await this.#throttle.countFailure(address);
      throw cognitoErrors.codeMismatch();
    }
    if (user.status !== 'UNCONFIRMED') {
      throw new CognitoError(
        'NotAuthorizedException',
        `User cannot be confirmed. Current status is ${user.status}`,
      );
    }
    await this.#codes.consume(user.id, 'confirm-sign-up', code, address);
    await updateUser(this.ctx.db, user.id, { status: 'CONFIRMED' });
  }

  /** ForgotPassword: mails a reset code; unknown or disabled users get the same answer, no mail. */
  async forgotPassword(username: string) {
    const user = await findUserByUsername(this.ctx.db, username);
    if (user?.enabled) await this.#codes.send(user, 'reset-password');
    return codeDeliveryDetails(user?.email ?? username);
  }

  /**
   * ConfirmForgotPassword. The code proves the mailbox, so an unconfirmed or invited user ends
   * up confirmed; every session ends (a reset often follows a compromise) and the lockout clears.
   */
  async confirmForgotPassword(
    username: string,
    code: string,
    password: string,
    address: string,
  ): Promise<void> {
    assertPasswordPolicy(password);
    await this.#throttle.assertAddressAllowed(address);
    const user = await findUserByUsername(this.ctx.db, username);
    if (!user?.enabled) {
      await this.#throttle.countFailure(address);
      throw cognitoErrors.codeMismatch();
    }
    await this.#codes.consume(user.id, 'reset-password', code, address);
    await this.setPassword(user.id, password, 'CONFIRMED');
    await this.#tokens.revokeAll(user.id);
    await this.#throttle.clear('user', user.id);
  }

  /** ChangePassword with an access token; wrong old passwords count toward the lockout. */
  async changePassword(accessToken: string, previous: string, proposed: string): Promise<void> {
    const { user } = await this.#tokens.verifyAccessTokenForPool(accessToken);
    assertPasswordPolicy(proposed);
    if (await this.#throttle.isLocked('user', user.id)) throw cognitoErrors.attemptLimitExceeded();
    const identity = await this.#credentials.resolve(user.id);
    if (!this.#credentials.passwordMatches(identity, previous)) {
      await this.#throttle.count('user', user.id);
      throw cognitoErrors.incorrectCredentials();
    }
    await this.setPassword(user.id, proposed);
  }

  /** GetUser: the attributes Amplify's fetchUserAttributes returns. */
  async getUser(accessToken: string) {
    const { user } = await this.#tokens.verifyAccessTokenForPool(accessToken);
    const attributes: Record<string, string> = {
      sub: user.id,
      email: user.email,
      email_verified: 'true',
      'custom:accountId': user.orgId,
    };
    if (user.name) attributes.name = user.name;
    return {
      Username: user.id,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    };
  }

  /** Sets a new password (policy enforced) and optionally the status it leads to. */
  async setPassword(userId: string, password: string, status?: PoolUserStatus): Promise<void> {
    assertPasswordPolicy(password);
    const changes = {
      ...this.#credentials.newVerifier(userId, password),
      ...(status ? { status } : {}),
    };
    await updateUser(this.ctx.db, userId, changes);
  }

  /** Enables or disables sign-in; disabling also ends every session at once. */
  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    await updateUser(this.ctx.db, userId, { enabled });
    if (!enabled) await this.#tokens.revokeAll(userId);
  }

  /**
   * Gives an invited user a new temporary password (a re-sent invite): the old one, and any
   * sign-in already half-way through it, stop working.
   */
  async resetTemporaryPassword(userId: string, password: string): Promise<void> {
    await this.setPassword(userId, password, 'FORCE_CHANGE_PASSWORD');
    await deleteUserChallenges(this.ctx.db, userId);
  }

  /** Removes a user from the pool; their sessions end with them (cascade). */
  async deleteUser(userId: string): Promise<void> {
    await deleteUserById(this.ctx.db, userId);
  }

  /** The user for a sign-in name (email or uuid), for callers outside the protocol. */
  findUser(username: string): Promise<PoolUser | undefined> {
    return findUserByUsername(this.ctx.db, username);
  }
}
