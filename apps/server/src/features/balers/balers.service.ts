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
import { vinProblem } from '@baletrack/domain/vin/vin';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { authorizedEmailsNamed } from '../authorized-emails/authorized-email-view.ts';
import { activeAuthorizedEmails } from '../authorized-emails/authorized-emails.repository.ts';
import { lastSubscribedMonths } from '../subscriptions/subscription-months.repository.ts';
import { refundScheduledMonths } from '../subscriptions/subscriptions.service.ts';
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
  vinCheckProvider,
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
 * provider checks: `registerBaler` makes them; the demo and tests call this directly.
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

/*
 * API 2's /machines calls. Everyone of the organization reads its balers; only the owner (the
 * AccountsOwner, or a SuperAdmin acting on the organization) registers, renames, switches,
 * re-keys and deletes them (docs/product.md#roles). A baler may be registered when the connectivity
 * provider knows its VIN and its ACM subscription runs under an account email (the owners') or an
 * authorized email.
 */

/**
 * The equipment connectivity provider the operator chose (BALER_PROVIDER): the embedded
 * registry, or the VIN's form alone; a real provider feed plugs in here.
 */
function connectivityProvider(ctx: AppContext): ConnectivityProvider {
  return ctx.config.balerProvider === 'registry'
    ? localRegistryProvider(ctx.db)
    : vinCheckProvider();
}

/** GET /machines: the organization's balers (an empty list when it has none). */
export async function balersOf(ctx: AppContext, principal: Principal): Promise<BalerList> {
  const [balers, months] = await Promise.all([
    listBalers(ctx.db, principal.orgId),
    lastSubscribedMonths(ctx.db, principal.orgId),
  ]);
  const provider = connectivityProvider(ctx);
  return {
    balers: await Promise.all(
      balers.map((b) => balerView(ctx, provider, principal.orgId, b, months.get(b.id))),
    ),
  };
}

/** GET /machines/{id}: one live baler of the organization. */
export async function balerOf(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
): Promise<Baler> {
  const baler = await findLiveBaler(ctx.db, principal.orgId, balerId);
  if (!baler) throw new AppError('NOT_FOUND', messages.baler.notFound);
  const months = await lastSubscribedMonths(ctx.db, principal.orgId);
  return balerView(ctx, connectivityProvider(ctx), principal.orgId, baler, months.get(baler.id));
}

/** GET /machines/validate: what registering the VIN would say, without registering it. */
export async function validateBalerVin(
  ctx: AppContext,
  principal: Principal,
  vin: string,
): Promise<BalerValidation> {
  assertMay(principal, 'balers');
  const record = await registrableRecord(ctx, principal.orgId, vin);
  return { vin, acmStatus: record.acmStatus, acmExpiry: record.acmExpiry ?? null };
}

/** POST /machines: the baler and its ingest key, shown this once. */
export async function registerBaler(
  ctx: AppContext,
  principal: Principal,
  input: RegisterBalerRequest,
): Promise<BalerWithKey> {
  assertMay(principal, 'balers');
  await registrableRecord(ctx, principal.orgId, input.vin);
  const { baler, apiKey } = await createBaler(ctx, principal.orgId, input);
  return { baler: await balerOf(ctx, principal, baler.id), apiKey };
}

/** PUT /machines/rename: only the name (the alias) changes. */
export async function renameBaler(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
  name: string,
): Promise<Baler> {
  return changeBaler(ctx, principal, balerId, { name });
}

/** PUT /machines/{id}/active: an inactive baler's ingest key is refused until switched on. */
export async function setBalerActive(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
  active: boolean,
): Promise<Baler> {
  return changeBaler(ctx, principal, balerId, { active });
}

/** POST /machines/{id}/rotate-key: the old key stops working with this call. */
export async function rotateBalerKey(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
): Promise<BalerWithKey> {
  const apiKey = newApiKey();
  const baler = await changeBaler(ctx, principal, balerId, { apiKeyHash: hashApiKey(ctx, apiKey) });
  return { baler, apiKey };
}

/** DELETE /machines/{id}: see `markBalerDeleted` for what happens to its bales. */
export async function deleteBaler(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
): Promise<void> {
  assertMay(principal, 'balers');
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await markBalerDeleted(trx, principal.orgId, balerId, ctx.now());
    if (!deleted) throw new AppError('NOT_FOUND', messages.baler.notFound);
    await refundScheduledMonths(trx, principal, balerId);
  });
}

async function changeBaler(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
  changes: Parameters<typeof updateBaler>[3],
): Promise<Baler> {
  assertMay(principal, 'balers');
  const changed = await updateBaler(ctx.db, principal.orgId, balerId, changes);
  if (!changed) throw new AppError('NOT_FOUND', messages.baler.notFound);
  return balerOf(ctx, principal, balerId);
}

/** The provider's record of a VIN this organization may register, or the spec's refusal. */
async function registrableRecord(
  ctx: AppContext,
  orgId: string,
  vin: string,
): Promise<ConnectivityRecord> {
  await assertVinFree(ctx, orgId, vin);
  const provider = connectivityProvider(ctx);
  if (provider.kind === 'vin-check') assertWellFormedVin(vin);
  const record = await provider.lookup(vin);
  if (!record?.registered) {
    throw new AppError('VALIDATION_FAILED', messages.baler.registerFailed, [
      { path: 'vin', message: messages.baler.registerFailed },
    ]);
  }
  if (provider.kind === 'vin-check') return record;
  const allowed = await accountEmails(ctx, orgId);
  if (!record.acmEmail || !allowed.has(record.acmEmail.toLowerCase())) {
    throw new AppError('FORBIDDEN', messages.baler.notAuthorized);
  }
  return record;
}

/** ISO 3779 beyond the form `vinSchema` checks: the check digit where the VIN's region uses one. */
function assertWellFormedVin(vin: string): void {
  const problem = vinProblem(vin);
  if (!problem) return;
  const texts = messages.baler.vinForm;
  const message =
    problem === 'wrong-length'
      ? texts.wrongLength(vin.length)
      : {
          'forbidden-letter': texts.forbiddenLetter,
          'invalid-character': texts.invalidCharacter,
          'check-digit-mismatch': texts.checkDigitMismatch,
        }[problem];
  throw new AppError('VALIDATION_FAILED', message, [{ path: 'vin', message }]);
}

/** The emails an ACM subscription may run under: the owners' and the authorized emails. */
async function accountEmails(ctx: AppContext, orgId: string): Promise<Set<string>> {
  const owners = await listUsers(ctx.db, orgId, { group: 'AccountsOwner' });
  const authorized = await activeAuthorizedEmails(ctx.db, orgId);
  return new Set([...owners.map((o) => o.email.toLowerCase()), ...authorized]);
}

async function balerView(
  ctx: AppContext,
  provider: ConnectivityProvider,
  orgId: string,
  baler: { id: string; name: string; vin: string; active: boolean; autoRenewSince: Date | null },
  lastMonth: string | undefined,
): Promise<Baler> {
  const record = await provider.lookup(baler.vin);
  return {
    id: baler.id,
    name: baler.name,
    vin: baler.vin,
    active: baler.active,
    autoRenew: baler.autoRenewSince !== null,
    acmStatus: record?.acmStatus ?? 'Unknown',
    acmExpiry: record?.acmExpiry ?? null,
    subscriptionExpiry: lastMonth ? monthEnd(lastMonth) : null,
    authorizedEmails: record?.acmEmail
      ? await authorizedEmailsNamed(ctx.db, orgId, record.acmEmail, ctx.now())
      : [],
  };
}

/** The last second of a month given by its first day, 'YYYY-MM-01' → 'YYYY-MM-31T23:59:59Z'. */
function monthEnd(firstDay: string): string {
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0, 23, 59, 59)).toISOString();
}
