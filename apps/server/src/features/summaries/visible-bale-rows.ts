import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { type ReadConsumer, SharedReads } from '../../lib/shared-reads.ts';
import type { BaleStamp } from '../../lib/stamped-cache.ts';
import { type BaleRead, listSummaryBales } from './summary-columns.repository.ts';

// A read is kept until both caches took it, or this long: after a restart the map's first
// call and the summary's come together, and the second should not read 200,000 bales again.
const KEEP_MS = 10_000;
const shared = new WeakMap<Kysely<Database>, SharedReads<BaleRead>>();

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
  consumer: ReadConsumer,
  stamp: BaleStamp,
  sinceVersion?: number,
): Promise<BaleRead> {
  let reads = shared.get(db);
  if (!reads) {
    reads = new SharedReads(KEEP_MS);
    shared.set(db, reads);
  }
  const key = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}:${sinceVersion ?? 'all'}`;
  return reads.take(key, consumer, () => listSummaryBales(db, orgId, sinceVersion));
}
