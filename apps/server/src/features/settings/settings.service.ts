import { type Settings, settingsSchema } from '@baletrack/contracts/settings/settings';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { findSettings, updateSettings } from './settings.repository.ts';

const noOrganization = () => new AppError('NOT_FOUND', 'This organization does not exist.');

/** Everyone in the organization reads its settings (every screen shows units by them). */
export async function getSettings(ctx: AppContext, orgId: string): Promise<Settings> {
  const row = await findSettings(ctx.db, orgId);
  if (!row) throw noOrganization();
  // The database's check constraints hold the values to the contract's.
  return settingsSchema.parse(row);
}

/** Only the owner (or a SuperAdmin acting for them) changes them (docs/product.md#roles). */
export async function changeSettings(
  ctx: AppContext,
  principal: Principal,
  settings: Settings,
): Promise<Settings> {
  assertMay(principal, 'settings');
  const row = await updateSettings(ctx.db, principal.orgId, settings);
  if (!row) throw noOrganization();
  return settingsSchema.parse(row);
}
