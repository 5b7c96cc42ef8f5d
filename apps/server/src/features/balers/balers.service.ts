import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Baler,
  type BalerList,
  type BalerValidation,
  type BalerWithKey,
  type RegisterBalerRequest,
  vinSchema,
} from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { isAuthorizedUser } from '@baletrack/contracts/identity/user';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authorizedEmailsNamed } from '../authorized-emails/authorized-email-view.ts';
import { activeAuthorizedEmails } from '../authorized-emails/authorized-emails.repository.ts';
import { lastSubscribedMonths } from '../subscriptions/subscription-months.repository.ts';
import { listUsers } from '../users/users.repository.ts';
import {
  findLiveBaler,
  findVinOwner,
  insertBalers,
  listBalers,
  markBalerDeleted,
  updateBaler,
} from './balers.repository.ts';
import {
  type ConnectivityProvider,
  type ConnectivityRecord,
  localRegistryProvider,
} from './connectivity-provider.ts';

/** The purpose ingest keys are hashed under (SecretBox derives a key per purpose). */
const API_KEY_PURPOSE = 'baler-api-key';

/** The stored form of an ingest API key; the key itself is never stored. */
export function hashApiKey(ctx: AppContext, apiKey: string): string {
  return ctx.secrets.hash(API_KEY_PURPOSE, apiKey);
}

function newApiKey(): string {
  return `bt_${randomBytes(32).toString('base64url')}`;
}

/**
 * Registers a baler to an organization and issues its ingest API key, returned only here. No
 * provider checks: `BalersService.register` makes them; the demo and tests call this directly.
 * @example const { baler, apiKey } = await createBaler(ctx, orgId, { vin, name: 'Big Baler' });
 */
export async function createBaler(
  ctx: AppContext,
  orgId: string,
  input: { vin: string; name: string },
): Promise<{ baler: { id: string; orgId: string; vin: string; name: string }; apiKey: string }> {
  const vin = vinSchema.parse(input.vin);
  await assertVinFree(ctx, orgId, vin);
  const apiKey = newApiKey();
  const baler = { id: randomUUID(), orgId, vin, name: input.name };
  try {
    await insertBalers(ctx.db, orgId, [
      { id: baler.id, vin, name: input.name, apiKeyHash: hashApiKey(ctx, apiKey) },
    ]);
  } catch (error) {
    // Someone registered the VIN a moment ago (the unique index caught it): say who.
    await assertVinFree(ctx, orgId, vin);
    throw error;
  }
  return { baler, apiKey };
}

async function assertVinFree(ctx: AppContext, orgId: string, vin: string): Promise<void> {
  const owner = await findVinOwner(ctx.db, vin);
  if (!owner) return;
  throw new AppError(
    'CONFLICT',
    owner.orgId === orgId
      ? messages.baler.vinAlreadyRegistered
      : messages.baler.vinRegisteredToAnotherAccount,
  );
}

/**
 * API 2's /machines calls. Everyone of the organization reads its balers; only the owner (the
 * AccountsOwner, or a SuperAdmin acting on the organization) registers, renames, switches,
 * re-keys and deletes them (spec §6). A baler may be registered when the connectivity provider
 * knows its VIN and its ACM subscription runs under an account email (the owners') or an
 * authorized email.
 */
export class BalersService {
  readonly #provider: ConnectivityProvider;

  constructor(
    private readonly ctx: AppContext,
    provider?: ConnectivityProvider,
  ) {
    this.#provider = provider ?? localRegistryProvider(ctx.db);
  }

  async list(principal: Principal): Promise<BalerList> {
    const [balers, months] = await Promise.all([
      listBalers(this.ctx.db, principal.orgId),
      lastSubscribedMonths(this.ctx.db, principal.orgId),
    ]);
    return {
      balers: await Promise.all(
        balers.map((b) => this.#view(principal.orgId, b, months.get(b.id))),
      ),
    };
  }

  async get(principal: Principal, balerId: string): Promise<Baler> {
    const baler = await findLiveBaler(this.ctx.db, principal.orgId, balerId);
    if (!baler) throw new AppError('NOT_FOUND', messages.baler.notFound);
    const months = await lastSubscribedMonths(this.ctx.db, principal.orgId);
    return this.#view(principal.orgId, baler, months.get(baler.id));
  }

  /** GET /machines/validate: what registering the VIN would say, without registering it. */
  async validate(principal: Principal, vin: string): Promise<BalerValidation> {
    assertOwner(principal);
    const record = await this.#registrable(principal.orgId, vin);
    return { vin, acmStatus: record.acmStatus, acmExpiry: record.acmExpiry ?? null };
  }

  /** POST /machines: the baler and its ingest key, shown this once. */
  async register(principal: Principal, input: RegisterBalerRequest): Promise<BalerWithKey> {
    assertOwner(principal);
    await this.#registrable(principal.orgId, input.vin);
    const { baler, apiKey } = await createBaler(this.ctx, principal.orgId, input);
    return { baler: await this.get(principal, baler.id), apiKey };
  }

  /** PUT /machines/rename: only the name (the alias) changes. */
  async rename(principal: Principal, balerId: string, name: string): Promise<Baler> {
    return this.#change(principal, balerId, { name });
  }

  /** PUT /machines/{id}/active: an inactive baler's ingest key is refused until switched on. */
  async setActive(principal: Principal, balerId: string, active: boolean): Promise<Baler> {
    return this.#change(principal, balerId, { active });
  }

  /** POST /machines/{id}/rotate-key: the old key stops working with this call. */
  async rotateKey(principal: Principal, balerId: string): Promise<BalerWithKey> {
    const apiKey = newApiKey();
    const baler = await this.#change(principal, balerId, {
      apiKeyHash: hashApiKey(this.ctx, apiKey),
    });
    return { baler, apiKey };
  }

  /** DELETE /machines/{id}: see `markBalerDeleted` for what happens to its bales. */
  async remove(principal: Principal, balerId: string): Promise<void> {
    assertOwner(principal);
    const deleted = await markBalerDeleted(this.ctx.db, principal.orgId, balerId, this.ctx.now());
    if (!deleted) throw new AppError('NOT_FOUND', messages.baler.notFound);
  }

  async #change(
    principal: Principal,
    balerId: string,
    changes: Parameters<typeof updateBaler>[3],
  ): Promise<Baler> {
    assertOwner(principal);
    const changed = await updateBaler(this.ctx.db, principal.orgId, balerId, changes);
    if (!changed) throw new AppError('NOT_FOUND', messages.baler.notFound);
    return this.get(principal, balerId);
  }

  /** The provider's record of a VIN this organization may register, or the spec's refusal. */
  async #registrable(orgId: string, vin: string): Promise<ConnectivityRecord> {
    await assertVinFree(this.ctx, orgId, vin);
    const record = await this.#provider.lookup(vin);
    if (!record?.registered) {
      throw new AppError('VALIDATION_FAILED', messages.baler.registerFailed, [
        { path: 'vin', message: messages.baler.registerFailed },
      ]);
    }
    const allowed = await this.#accountEmails(orgId);
    if (!record.acmEmail || !allowed.has(record.acmEmail.toLowerCase())) {
      throw new AppError('FORBIDDEN', messages.baler.notAuthorized);
    }
    return record;
  }

  /** The emails an ACM subscription may run under: the owners' and the authorized emails. */
  async #accountEmails(orgId: string): Promise<Set<string>> {
    const owners = await listUsers(this.ctx.db, orgId, { group: 'AccountsOwner' });
    const authorized = await activeAuthorizedEmails(this.ctx.db, orgId);
    return new Set([...owners.map((o) => o.email.toLowerCase()), ...authorized]);
  }

  async #view(
    orgId: string,
    baler: { id: string; name: string; vin: string; active: boolean },
    lastMonth: string | undefined,
  ): Promise<Baler> {
    const record = await this.#provider.lookup(baler.vin);
    return {
      ...baler,
      acmStatus: record?.acmStatus ?? 'Unknown',
      acmExpiry: record?.acmExpiry ?? null,
      subscriptionExpiry: lastMonth ? monthEnd(lastMonth) : null,
      authorizedEmails: record?.acmEmail
        ? await authorizedEmailsNamed(this.ctx.db, orgId, record.acmEmail, this.ctx.now())
        : [],
    };
  }
}

/** The last second of a month given by its first day, 'YYYY-MM-01' → 'YYYY-MM-31T23:59:59Z'. */
function monthEnd(firstDay: string): string {
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0, 23, 59, 59)).toISOString();
}

function assertOwner(principal: Principal): void {
  if (!isAuthorizedUser(principal.groups)) {
    throw new AppError('FORBIDDEN', messages.roles.ownerOnlyBalers);
  }
}
