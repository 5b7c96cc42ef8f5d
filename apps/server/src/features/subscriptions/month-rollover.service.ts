import { monthOf } from '@baletrack/domain/subscriptions/month';
import { monthToRenew } from '@baletrack/domain/subscriptions/renewal';
import type { AppContext } from '../../app-context.ts';
import { listUsers } from '../users/users.repository.ts';
import { addLedgerEntries, ledgerBalance, lockWallet } from './credit-ledger.repository.ts';
import { renewalFailedMail } from './renewal-mail.ts';
import { autoRenewingBalers, noteRenewalNotice } from './renewals.repository.ts';
import {
  activateDueMonths,
  activateMonthsWithBales,
  insertRenewedMonth,
} from './subscription-months.repository.ts';

// Often enough that a month's scheduled credits and renewals apply within a minute of its start.
const SWEEP_MS = 60_000;

export interface RollOver {
  activated: number;
  renewed: number;
  /** Organizations whose owner was mailed that auto-renew found no credit. */
  notified: number;
}

/**
 * What a month's start brings (UTC): scheduled months that began turn active (their bales unlock
 * at once: the map's stamp counts active months), then auto-renew applies a credit to each baler
 * whose owner chose it, while the wallet has one; the owner of a wallet that ran dry is mailed
 * once a month. With billing off there is nothing to renew (ingest keeps every baled month
 * active; `activateBaledMonths` catches up older bales at start-up).
 * Idempotent and safe in several processes at once: a month is inserted once, debited once.
 * @example await rollOverMonths(ctx) // → { activated: 3, renewed: 2, notified: 0 }
 */
export async function rollOverMonths(ctx: AppContext): Promise<RollOver> {
  const now = ctx.now();
  const month = monthOf(now);
  const firstDay = `${month}-01`;
  if (ctx.config.billing === 'off') {
    return { activated: await activateDueMonths(ctx.db, firstDay), renewed: 0, notified: 0 };
  }
  const activated = await activateDueMonths(ctx.db, firstDay);
  // None of these has a credit on the month (the query says so), hence the empty set.
  const due = (await autoRenewingBalers(ctx.db, firstDay)).filter(
    (baler) => monthToRenew(now, new Set(), baler.autoRenewSince) === month,
  );
  // Map.groupBy is newer than Node 20.
  const byOrganization = new Map<string, typeof due>();
  for (const baler of due)
    byOrganization.set(baler.orgId, [...(byOrganization.get(baler.orgId) ?? []), baler]);
  let renewed = 0;
  let notified = 0;
  for (const [orgId, balers] of byOrganization) {
    const unrenewed = await ctx.db.transaction().execute(async (trx) => {
      await lockWallet(trx, orgId);
      let balance = await ledgerBalance(trx, orgId);
      const left: string[] = [];
      for (const baler of balers) {
        if (balance <= 0) {
          left.push(baler.name);
        } else if (await insertRenewedMonth(trx, orgId, baler.id, firstDay)) {
          await addLedgerEntries(trx, orgId, [
            { kind: 'renewal', balerId: baler.id, month: firstDay },
          ]);
          balance -= 1;
          renewed += 1;
        }
      }
      return left;
    });
    if (unrenewed.length > 0 && (await noteRenewalNotice(ctx.db, orgId, firstDay))) {
      await mailOwners(ctx, orgId, month, unrenewed);
      notified += 1;
    }
  }
  return { activated, renewed, notified };
}

async function mailOwners(ctx: AppContext, orgId: string, month: string, balerNames: string[]) {
  const owners = await listUsers(ctx.db, orgId, { group: 'AccountsOwner' });
  for (const owner of owners) {
    await ctx.mailer.send(
      renewalFailedMail({
        to: owner.email,
        month,
        balerNames,
        pricingLink: `${ctx.config.publicUrl}/subscription`,
      }),
    );
  }
}

/**
 * With billing off, makes active every month in which a baler made bales and had none: bales
 * stored while billing was on unlock. One pass over the bales, run once at start-up.
 */
export async function activateBaledMonths(ctx: AppContext): Promise<void> {
  if (ctx.config.billing === 'off') await activateMonthsWithBales(ctx.db);
}

/**
 * Sweeps once now (after catching up a server whose billing was switched off) and then every
 * minute in the background.
 * @example const stop = startMonthRollover(ctx, (error) => log.warn(error)); … stop();
 */
export function startMonthRollover(ctx: AppContext, onError: (error: unknown) => void): () => void {
  const sweep = () => void rollOverMonths(ctx).catch(onError);
  void activateBaledMonths(ctx).then(sweep, onError);
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
