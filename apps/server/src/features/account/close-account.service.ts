import type { CloseAccountResponse } from '@baletrack/contracts/account/account';
import { messages } from '@baletrack/contracts/errors/messages';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteOrganization } from './close-account.repository.ts';
import { exportNow } from './data-export.service.ts';

/** An AppError for the user that keeps what went wrong for the log. */
function failure(message: string, cause: unknown): AppError {
  return Object.assign(new AppError('INTERNAL', message), { cause });
}

/** The owner's alone, for their own organization: a SuperAdmin acting for one cannot close it. */
export function requireAccountOwner(principal: Principal): void {
  if (!principal.groups.includes('AccountsOwner') || principal.orgId !== principal.accountId) {
    throw new AppError('FORBIDDEN', messages.roles.ownerOnlyAccount);
  }
}

/**
 * DELETE /user/close-account (docs/product.md#account), the owner's alone. In order: the data export is built
 * and its mail queued ('Error generating report - delete aborted...' if that fails, and nothing is
 * deleted), then the organization is deleted in one transaction ('Error deleting account...' if
 * that fails, and nothing is).
 */
export async function closeAccount(
  ctx: AppContext,
  principal: Principal,
): Promise<CloseAccountResponse> {
  requireAccountOwner(principal);
  let exported: Awaited<ReturnType<typeof exportNow>>;
  try {
    exported = await exportNow(ctx, principal);
  } catch (error) {
    throw failure(messages.accountDeletion.reportFailed, error);
  }
  try {
    const deleted = await ctx.db
      .transaction()
      .execute((trx) => deleteOrganization(trx, principal.orgId));
    if (!deleted) throw new Error('The organization was already gone.');
  } catch (error) {
    throw failure(messages.accountDeletion.deleteFailed, error);
  }
  return { email: exported.email, expiresAt: exported.expiresAt.toISOString() };
}
