import type { AppContext } from '../../app.ts';
import { mapIndexStamp } from '../bales/map-points.repository.ts';
import { listLockedSince, listSummaryBales } from './summary-columns.repository.ts';
import { type BaleColumns, buildColumns, mergeColumns } from './summary-columns.ts';

// About 150 bytes a visible bale (30 MB for 200,000); a handful of organizations per process.
const MAX_ORGANIZATIONS = 4;

type Stamp = Awaited<ReturnType<typeof mapIndexStamp>>;

/**
 * Per-process cache of each organization's bale columns, checked against the same stamp the map
 * index uses (bale version, active subscription months) on every request, so several app
 * processes stay correct without talking to each other. A newer bale version loads only the
 * bales written since; a change of subscriptions reloads everything.
 */
export class SummaryCache {
  readonly #columns = new Map<string, BaleColumns>();
  readonly #loading = new Map<string, Promise<BaleColumns>>();

  constructor(private readonly ctx: AppContext) {}

  async columns(orgId: string): Promise<BaleColumns> {
    const stamp = await mapIndexStamp(this.ctx.db, orgId);
    const cached = this.#columns.get(orgId);
    if (
      cached &&
      cached.baleVersion === stamp.baleVersion &&
      cached.activeMonths === stamp.activeMonths
    ) {
      this.#columns.delete(orgId);
      this.#columns.set(orgId, cached);
      return cached;
    }
    const key = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}`;
    let loading = this.#loading.get(key);
    if (!loading) {
      const base =
        cached &&
        cached.activeMonths === stamp.activeMonths &&
        cached.baleVersion < stamp.baleVersion
          ? cached
          : undefined;
      loading = this.#load(orgId, stamp, base).finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
    }
    return loading;
  }

  async #load(orgId: string, stamp: Stamp, base: BaleColumns | undefined): Promise<BaleColumns> {
    let columns: BaleColumns;
    if (base) {
      const [changed, locked] = await Promise.all([
        listSummaryBales(this.ctx.db, orgId, base.baleVersion),
        listLockedSince(this.ctx.db, orgId, base.baleVersion),
      ]);
      columns = mergeColumns(base, stamp, changed, locked);
    } else {
      columns = buildColumns({ orgId, ...stamp }, await listSummaryBales(this.ctx.db, orgId));
    }
    const current = this.#columns.get(orgId);
    // Two loads may finish out of order; keep the newer.
    if (current && current.baleVersion > columns.baleVersion) return columns;
    this.#columns.delete(orgId);
    if (this.#columns.size >= MAX_ORGANIZATIONS) {
      const oldest = this.#columns.keys().next().value;
      if (oldest !== undefined) this.#columns.delete(oldest);
    }
    this.#columns.set(orgId, columns);
    return columns;
  }
}

const caches = new WeakMap<AppContext, SummaryCache>();

/** The summary cache of an app (one per process and database). */
export function summaryCacheFor(ctx: AppContext): SummaryCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SummaryCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}
