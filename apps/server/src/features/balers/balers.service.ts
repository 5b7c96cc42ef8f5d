import { randomBytes, randomUUID } from 'node:crypto';
import { vinSchema } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import type { AppContext } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import { findVinOwner, insertBalers } from './balers.repository.ts';

/** The purpose ingest keys are hashed under (SecretBox derives a key per purpose). */
const API_KEY_PURPOSE = 'baler-api-key';

/** The stored form of an ingest API key; the key itself is never stored. */
export function hashApiKey(ctx: AppContext, apiKey: string): string {
  return ctx.secrets.hash(API_KEY_PURPOSE, apiKey);
}

/**
 * Registers a baler to an organization and issues its ingest API key, returned only here.
 * @example const { baler, apiKey } = await createBaler(ctx, orgId, { vin, name: 'Big Baler' });
 */
export async function createBaler(
  ctx: AppContext,
  orgId: string,
  input: { vin: string; name: string },
): Promise<{ baler: { id: string; orgId: string; vin: string; name: string }; apiKey: string }> {
  const vin = vinSchema.parse(input.vin);
  const owner = await findVinOwner(ctx.db, vin);
  if (owner) {
    throw new AppError(
      'CONFLICT',
      owner.orgId === orgId
        ? messages.baler.vinAlreadyRegistered
        : messages.baler.vinRegisteredToAnotherAccount,
    );
  }
  const apiKey = `bt_${randomBytes(32).toString('base64url')}`;
  const baler = { id: randomUUID(), orgId, vin, name: input.name };
  await insertBalers(ctx.db, orgId, [
    { id: baler.id, vin, name: input.name, apiKeyHash: hashApiKey(ctx, apiKey) },
  ]);
  return { baler, apiKey };
}
