import type { AppContext } from '../../app-context.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import {
  analyzeBaleCells,
  CELLS_RULE,
  organizationsWithStaleCells,
  rebuildBaleCells,
} from './bale-cells.repository.ts';

const EVERY_MS = 60_000;

/**
 * Rebuilds the cells of every organization summed by another rule than this release's (its
 * first start after an upgrade, bales restored from a backup), one organization per
 * transaction, at start and then every minute, then analyzes the table. Answers how many it
 * rebuilt.
 */
export async function catchUpBaleCells(ctx: AppContext): Promise<number> {
  let rebuilt = 0;
  for (;;) {
    const stale = await organizationsWithStaleCells(ctx.db, 10);
    let progressed = false;
    for (const orgId of stale) {
      const done = await ctx.db.transaction().execute(async (trx) => {
        // The organization's version lock, which every writer of its bales takes: checked again
        // under it, as another process may have rebuilt it meanwhile.
        const row = await trx
          .selectFrom('baleVersions')
          .select('cellsRule')
          .where('orgId', '=', orgId)
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.cellsRule === CELLS_RULE) return false;
        await rebuildBaleCells(trx, orgId);
        return true;
      });
      if (done) rebuilt += 1;
      progressed = true;
    }
    if (!progressed) break;
  }
  if (rebuilt > 0) await analyzeBaleCells(ctx.db);
  return rebuilt;
}

/** catchUpBaleCells in the background, telling `onRebuilt` how many; answers its stop. */
export function startBaleCellsCatchUp(
  ctx: AppContext,
  onRebuilt: (organizations: number, ms: number) => void,
  onProblem: (error: unknown) => void,
) {
  return startPeriodicJob(
    EVERY_MS,
    async () => {
      const started = performance.now();
      const rebuilt = await catchUpBaleCells(ctx);
      if (rebuilt > 0) onRebuilt(rebuilt, Math.round(performance.now() - started));
    },
    onProblem,
  );
}
