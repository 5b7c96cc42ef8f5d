import { randomUUID } from 'node:crypto';
import { messages } from '@baletrack/contracts/errors/messages';
import type { RegisterRequest, RegisterResponse } from '@baletrack/contracts/identity/register';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { UserExistsError, UserPool } from '../identity/user-pool.service.ts';
import { toUserView } from './user-view.ts';
import { emailTaken, findOrganization, findUser, insertOrganization } from './users.repository.ts';

/** Registration and the signed-in user's own records (API 2's /user calls). */
export class UsersService {
  readonly #pool: UserPool;

  constructor(private readonly ctx: AppContext) {
    this.#pool = new UserPool(ctx);
  }

  /**
   * Creates the organization and its owner in one transaction, then mails the confirmation
   * code. A failed mail leaves a complete, unconfirmed account: 'Resend code' recovers it.
   */
  async register(
    input: RegisterRequest,
    log: { error(obj: object, msg: string): void },
  ): Promise<RegisterResponse> {
    if (await emailTaken(this.ctx.db, input.email)) {
      throw new AppError('CONFLICT', messages.user.alreadyExists);
    }
    const organizationId = randomUUID();
    let userId: string;
    try {
      userId = await this.ctx.db.transaction().execute(async (trx) => {
        await insertOrganization(trx, { id: organizationId, name: input.organizationName });
        const user = await this.#pool.createUser(trx, {
          orgId: organizationId,
          email: input.email,
          name: '',
          password: input.password,
          groups: ['AccountsOwner'],
          status: 'UNCONFIRMED',
        });
        return user.id;
      });
    } catch (error) {
      // Two registrations racing for one address: the database's unique index decides.
      if (error instanceof UserExistsError)
        throw new AppError('CONFLICT', messages.user.alreadyExists);
      throw error;
    }
    try {
      await this.#pool.sendConfirmationCode(userId);
    } catch (error) {
      log.error({ err: error, userId }, 'confirmation code not sent; the user can resend it');
    }
    return { userId, organizationId, email: input.email, userConfirmed: false };
  }

  async currentUser(accountId: string, userId: string) {
    const user = await findUser(this.ctx.db, accountId, userId);
    if (!user) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
    return { ...toUserView(user), organizationId: user.orgId };
  }

  async organization(orgId: string) {
    const organization = await findOrganization(this.ctx.db, orgId);
    if (!organization) throw new AppError('NOT_FOUND', 'This organization does not exist.');
    return {
      id: organization.id,
      name: organization.name,
      createdAt: organization.createdAt.toISOString(),
    };
  }
}
