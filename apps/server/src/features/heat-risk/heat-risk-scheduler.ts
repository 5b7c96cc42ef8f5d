import type { AppContext } from '../../app-context.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import {
  claimHeatRiskMail,
  listHeatRiskMailAddresses,
  listOrgsToCheckForHeatRisk,
} from './heat-risk.repository.ts';
import { heatRiskWatchList, WET_BOUND, watchSince } from './heat-risk.service.ts';
import { heatRiskMail } from './heat-risk-mail.ts';

// The daily heat-risk mail (docs/operations.md#heat-risk-mail), on the automated reports'
// pattern: every process, every few minutes, looks at organizations with wet recent bales; for
// one with anything at high risk and no mail yet on this UTC day it inserts the (organization,
// day) row and queues the mail in the same transaction. The key makes the mail go out once a
// day however many processes try; an organization with nothing at high risk gets none.

export const heatRiskSchedulerDefaults = { pollMs: 5 * 60_000 };

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * One round as of the app's clock; answers how many mails were queued. Safe to run in any
 * number of processes at once.
 */
export async function runHeatRiskMails(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const day = utcDay(now);
  let queued = 0;
  const orgIds = await listOrgsToCheckForHeatRisk(ctx.db, {
    since: watchSince(now),
    aboveMoisture: WET_BOUND,
    day,
  });
  for (const orgId of orgIds) {
    const { entries } = await heatRiskWatchList(ctx, orgId);
    const high = entries.filter((e) => (e.kind === 'bale' ? e.bale.level : e.level) === 'high');
    if (high.length === 0) continue;
    const to = await listHeatRiskMailAddresses(ctx.db, orgId);
    if (to.length === 0) continue;
    const mail = heatRiskMail({
      day,
      entries: high,
      listUrl: `${ctx.config.publicUrl}/heat-risk`,
    });
    const sent = await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimHeatRiskMail(trx, { orgId, day, entryCount: high.length }))) return false;
      await ctx.mailer.send({ to, ...mail }, trx);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * Runs a round now and every five minutes in the background; answers a function that stops it
 * and waits for a round in progress.
 */
export function startHeatRiskMails(
  ctx: AppContext,
  onProblem: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(heatRiskSchedulerDefaults.pollMs, () => runHeatRiskMails(ctx), onProblem);
}
