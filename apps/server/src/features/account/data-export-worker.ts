import type { AppContext } from '../../app-context.ts';
import {
  buildClaimedExport,
  EXPORT_LEASE_MS,
  ExportClaimLost,
  recordExportFailure,
} from './data-export.service.ts';
import {
  claimNextExport,
  type DataExportRow,
  deleteExpiredExports,
  releaseExport,
} from './data-exports.repository.ts';

// Often enough that a requested export starts within seconds (the claim is one cheap statement).
const POLL_MS = 2_000;
const PURGE_MS = 60 * 60_000;

export interface ExportRound {
  built: number;
  failed: number;
  purged: number;
}

/**
 * The data-export builder (docs/operations.md#data-exports): builds pending exports one at a time,
 * each claimed with a lease so several processes never build one export together and one that
 * died mid-build leaves it to another; purges expired files and their rows.
 */
export function createDataExportWorker(
  ctx: AppContext,
  onError: (error: unknown, exportId?: string) => void,
) {
  let running: Promise<ExportRound> | null = null;
  let stopping = false;
  let lastPurge = 0;

  async function buildOne(row: DataExportRow, round: ExportRound): Promise<void> {
    try {
      await buildClaimedExport(ctx, row, () => stopping);
      round.built += 1;
    } catch (error) {
      if (error instanceof ExportClaimLost) {
        // Stopping: the export goes back to the queue, its attempt not counted.
        if (stopping) await releaseExport(ctx.db, row, ctx.now());
        return;
      }
      round.failed += 1;
      onError(error, row.id);
      await recordExportFailure(ctx, row, error);
    }
  }

  async function rounds(): Promise<ExportRound> {
    const round: ExportRound = { built: 0, failed: 0, purged: 0 };
    if (ctx.now().getTime() - lastPurge >= PURGE_MS) {
      lastPurge = ctx.now().getTime();
      round.purged = await deleteExpiredExports(ctx.db, ctx.now());
    }
    while (!stopping) {
      const now = ctx.now();
      const row = await claimNextExport(ctx.db, {
        now,
        leaseUntil: new Date(now.getTime() + EXPORT_LEASE_MS),
      });
      if (!row) break;
      await buildOne(row, round);
    }
    return round;
  }

  /** Builds every export waiting now (and purges, at most hourly); answers what it did. */
  function drain(): Promise<ExportRound> {
    running ??= rounds().finally(() => {
      running = null;
    });
    return running;
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    drain,
    start() {
      const tick = () => void drain().catch((error: unknown) => onError(error));
      timer = setInterval(tick, POLL_MS);
      timer.unref();
      tick();
    },
    /** Stops polling; an export being built goes back to the queue. */
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

/**
 * Runs the builder in the background in every process (claims never overlap).
 * @example const stop = startDataExportWorker(ctx, (error) => log.warn(error)); … await stop();
 */
export function startDataExportWorker(
  ctx: AppContext,
  onError: (error: unknown, exportId?: string) => void,
): () => Promise<void> {
  const worker = createDataExportWorker(ctx, onError);
  worker.start();
  return () => worker.stop();
}
