import { messages } from '@baletrack/contracts/errors/messages';
import { isAdmin } from '@baletrack/contracts/identity/user';
import type { GrantCreditsRequest, Wallet } from '@baletrack/contracts/subscriptions/wallet';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import {
  addLedgerEntries,
  ledgerBalance,
  listLedgerEntries,
  lockWallet,
} from './credit-ledger.repository.ts';

/** How many ledger entries the wallet shows (newest first). */
const WALLET_ENTRIES = 50;

/**
 * GET /wallet: the organization's balance, summed from its ledger, and its newest entries.
 * Everyone of the organization may look.
 */
export async function walletOf(ctx: AppContext, principal: Principal): Promise<Wallet> {
  const [balance, entries] = await Promise.all([
    ledgerBalance(ctx.db, principal.orgId),
    listLedgerEntries(ctx.db, principal.orgId, WALLET_ENTRIES),
  ]);
  return {
    balance,
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}

/**
 * POST /wallet/grants: a SuperAdmin acting for the organization adds credits (when payments are
 * not configured, or as a courtesy); the ledger row names who granted them and why.
 */
export async function grantCredits(
  ctx: AppContext,
  principal: Principal,
  grant: GrantCreditsRequest,
): Promise<Wallet> {
  if (!isAdmin(principal.groups)) throw new AppError('FORBIDDEN', messages.roles.adminOnly);
  await ctx.db.transaction().execute(async (trx) => {
    await lockWallet(trx, principal.orgId);
    await addLedgerEntries(trx, principal.orgId, [
      {
        kind: 'grant',
        count: grant.credits,
        actorUserId: principal.userId,
        actorEmail: principal.email,
        ...(grant.note ? { note: grant.note } : {}),
      },
    ]);
  });
  return walletOf(ctx, principal);
}

/** Owners (and SuperAdmins acting for them) change subscriptions; everyone else only looks. */
export function assertSubscriptionOwner(principal: Principal): void {
  assertMay(principal, 'billing');
}
