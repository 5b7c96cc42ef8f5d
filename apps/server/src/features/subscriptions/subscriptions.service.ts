import { messages } from '@baletrack/contracts/errors/messages';
import type {
  BalerSubscription,
  ChangeSubscriptionRequest,
} from '@baletrack/contracts/subscriptions/subscription';
import type { Database } from '@baletrack/db/database';
import type { Month } from '@baletrack/domain/subscriptions/month';
import { monthGrid } from '@baletrack/domain/subscriptions/month-grid';
import { type MonthPlan, planMonthChanges } from '@baletrack/domain/subscriptions/month-plan';
import type { Transaction } from 'kysely';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSettings } from '../settings/settings.repository.ts';
import {
  addLedgerEntries,
  ledgerBalance,
  lockWallet,
  type NewLedgerEntry,
} from './credit-ledger.repository.ts';
import { setAutoRenew } from './renewals.repository.ts';
import {
  creditedMonths,
  deleteScheduledMonths,
  findSubscribableBaler,
  insertSubscriptionMonths,
} from './subscription-months.repository.ts';
import { assertSubscriptionOwner } from './wallet.service.ts';

const m = messages.subscriptions;
const firstDay = (month: Month) => `${month}-01`;

/** GET /subscriptions/{balerId}: the baler's month grid; everyone of the organization may look. */
export async function balerSubscriptionOf(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
): Promise<BalerSubscription> {
  const baler = await findSubscribableBaler(ctx.db, principal.orgId, balerId);
  if (!baler) throw new AppError('NOT_FOUND', messages.baler.notFound);
  const [months, settings] = await Promise.all([
    creditedMonths(ctx.db, principal.orgId, balerId),
    findSettings(ctx.db, principal.orgId),
  ]);
  const startMonth = settings?.cropYearStartMonth ?? 1;
  return {
    balerId: baler.id,
    name: baler.name,
    vin: baler.vin,
    autoRenew: baler.autoRenewSince !== null,
    months: monthGrid(ctx.now(), startMonth, new Set(months), ctx.config.billing),
  };
}

/**
 * POST /subscriptions/{balerId}: applies credits to months, takes scheduled months back and
 * switches auto-renew, all or nothing. The wallet stays locked from reading its balance to
 * writing the ledger, so parallel requests can never spend a credit twice.
 */
export async function changeBalerSubscription(
  ctx: AppContext,
  principal: Principal,
  balerId: string,
  change: ChangeSubscriptionRequest,
): Promise<BalerSubscription> {
  assertSubscriptionOwner(principal);
  if (ctx.config.billing === 'off') throw new AppError('CONFLICT', m.billingOff);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockWallet(trx, principal.orgId);
    const baler = await findSubscribableBaler(trx, principal.orgId, balerId);
    if (!baler) throw new AppError('NOT_FOUND', messages.baler.notFound);
    const credited = new Set(await creditedMonths(trx, principal.orgId, balerId));
    const balance = await ledgerBalance(trx, principal.orgId);
    const startMonth = (await findSettings(trx, principal.orgId))?.cropYearStartMonth ?? 1;
    const plan = planMonthChanges(now, startMonth, credited, change, balance);
    if (!plan.ok) throw planError(plan);

    const refunded = await deleteScheduledMonths(
      trx,
      principal.orgId,
      balerId,
      plan.refund.map(firstDay),
    );
    // A month that began meanwhile was activated by the roll-over: its credit is spent.
    if (refunded.length !== plan.refund.length) throw new AppError('CONFLICT', m.activeMonth);
    await insertSubscriptionMonths(trx, principal.orgId, [
      ...plan.activate.map((month) => ({
        balerId,
        month: firstDay(month),
        status: 'active' as const,
      })),
      ...plan.schedule.map((month) => ({
        balerId,
        month: firstDay(month),
        status: 'scheduled' as const,
      })),
    ]);
    const actor = { actorUserId: principal.userId, actorEmail: principal.email };
    await addLedgerEntries(trx, principal.orgId, [
      ...[...plan.activate, ...plan.schedule].map(
        (month): NewLedgerEntry => ({
          kind: 'apply',
          balerId,
          month: firstDay(month),
          ...actor,
        }),
      ),
      ...refunded.map((month): NewLedgerEntry => ({ kind: 'refund', balerId, month, ...actor })),
    ]);
    if (change.autoRenew !== undefined) {
      // Switching on again keeps the first date: months that began since still renew.
      const since = change.autoRenew ? (baler.autoRenewSince ?? now) : null;
      await setAutoRenew(trx, principal.orgId, balerId, since);
    }
  });
  return balerSubscriptionOf(ctx, principal, balerId);
}

/**
 * Refunds a baler's scheduled months as it is removed (active months stay spent), within the
 * removal's transaction.
 */
export async function refundScheduledMonths(
  trx: Transaction<Database>,
  principal: Principal,
  balerId: string,
): Promise<number> {
  await lockWallet(trx, principal.orgId);
  const refunded = await deleteScheduledMonths(trx, principal.orgId, balerId);
  await addLedgerEntries(
    trx,
    principal.orgId,
    refunded.map((month) => ({
      kind: 'refund',
      balerId,
      month,
      actorUserId: principal.userId,
      actorEmail: principal.email,
      note: 'Baler removed',
    })),
  );
  return refunded.length;
}

function planError(plan: Extract<MonthPlan, { ok: false }>): AppError {
  if (plan.reason === 'not-enough-credits') return new AppError('CONFLICT', m.notEnoughCredits);
  const message = {
    'past-month': m.pastMonth,
    'beyond-grid': m.beyondGrid,
    'already-applied': m.alreadyApplied,
    'needs-confirmation': m.confirmCurrentMonth,
    'active-month': m.activeMonth,
    'not-applied': m.notApplied,
  }[plan.reason];
  return new AppError('VALIDATION_FAILED', message, [{ path: plan.month, message }]);
}
