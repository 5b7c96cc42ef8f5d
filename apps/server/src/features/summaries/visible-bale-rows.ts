import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import type { BaleStamp } from '../../lib/stamped-cache.ts';
import { type BaleRead, listSummaryBales } from './summary-columns.repository.ts';

/** The caches built from each organization's visible bales (one read feeds both). */
export type RowConsumer = 'map' | 'summaries';

interface Shared {
  rows: Promise<BaleRead>;
  takenBy: Set<RowConsumer>;
}

// A read is kept until both caches took it, or this long: after a restart the map's first
// call and the summary's come together, and the second should not read 200,000 bales again.
const KEEP_MS = 10_000;
const shared = new WeakMap<Kysely<Database>, Map<string, Shared>>();

/**
 * The visible bales and the locked ones (all, or written after `sinceVersion`) for one of the
 * caches loading the stamp it read: the read another cache started for the same organization, stamp and base
 * version is shared, not repeated (it began after that stamp was read, so it holds every bale
 * the stamp covers).
 * @example const rows = await readVisibleBaleRows(db, orgId, 'map', stamp, base.baleVersion);
 */
export function readVisibleBaleRows(
  db: Kysely<Database>,
  orgId: string,
  consumer: RowConsumer,
  stamp: BaleStamp,
  sinceVersion?: number,
): Promise<BaleRead> {
  let reads = shared.get(db);
  if (!reads) {
    reads = new Map();
    shared.set(db, reads);
  }
  const key = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}:${sinceVersion ?? 'all'}`;
  const found = reads.get(key);
  if (found && !found.takenBy.has(consumer)) {
    found.takenBy.add(consumer);
    reads.delete(key);
    return found.rows;
  }
  const rows = listSummaryBales(db, orgId, sinceVersion);
  const entry: Shared = { rows, takenBy: new Set([consumer]) };
  reads.set(key, entry);
  const forget = () => {
    if (reads.get(key) === entry) reads.delete(key);
  };
  rows.then(() => setTimeout(forget, KEEP_MS).unref(), forget);
  return rows;
}
