// Heatmaps kept by the bale stamp they were computed at (the organization's bale version and
// active months, read on every request): a new bale or subscription month makes a new key, so
// an old heatmap is never answered. A small bound over all organizations; only an optimization.
import type { BaleStamp } from '../../lib/stamped-cache.ts';

// A few fields × measures × date ranges of the farms being looked at; a grid is at most ~100 KB.
const MAX_ENTRIES = 64;

const entries = new Map<string, Promise<unknown>>();

/**
 * The value under `key` for this organization at this stamp, computed once; a failed
 * computation is not kept.
 * @example await cachedHeatmap(orgId, stamp, `overlay|${fieldId}|…`, () => computeOverlay())
 */
export function cachedHeatmap<T>(
  orgId: string,
  stamp: BaleStamp,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const full = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}|${key}`;
  const found = entries.get(full);
  if (found) {
    // Most recently used last, so the oldest goes first.
    entries.delete(full);
    entries.set(full, found);
    return found as Promise<T>;
  }
  const computed = compute();
  computed.catch(() => entries.delete(full));
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(full, computed);
  return computed;
}
