// Heatmaps kept as long as the map index's snapshot they were computed from (one bale version
// and set of active months of the organization): a newer snapshot starts empty, so a new bale
// or subscription month can never be answered from an old heatmap.
import type { FarmSnapshot } from '../map/map-snapshot.ts';

// A few fields × measures × date ranges per organization; a grid is at most ~100 KB.
const MAX_PER_SNAPSHOT = 48;

const bySnapshot = new WeakMap<FarmSnapshot, Map<string, Promise<unknown>>>();

/**
 * The value under `key` for this snapshot, computed once; a failed computation is not kept.
 * @example await cachedHeatmap(snapshot, `overlay|${fieldId}|…`, () => computeOverlay())
 */
export function cachedHeatmap<T>(
  snapshot: FarmSnapshot,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let entries = bySnapshot.get(snapshot);
  if (!entries) {
    entries = new Map();
    bySnapshot.set(snapshot, entries);
  }
  const found = entries.get(key);
  if (found) {
    // Most recently used last, so the oldest goes first.
    entries.delete(key);
    entries.set(key, found);
    return found as Promise<T>;
  }
  const computed = compute();
  const kept = entries;
  computed.catch(() => kept.delete(key));
  if (kept.size >= MAX_PER_SNAPSHOT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, computed);
  return computed;
}
