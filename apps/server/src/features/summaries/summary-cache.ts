import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { type BaleStamp, StampedCache } from '../../lib/stamped-cache.ts';
import { readBaleStamp } from '../bales/bale-stamps.repository.ts';
import { listSummaryBales } from './summary-columns.repository.ts';
import { type BaleColumns, buildColumns, mergeColumns } from './summary-columns.ts';

// About 150 bytes a visible bale (30 MB for 200,000); a handful of organizations per process.
const MAX_ORGANIZATIONS = 8;

/**
 * Per-process cache of each organization's bale columns, kept fresh by its bale stamp
 * (`StampedCache`): a newer bale version loads only the bales written since (dropping those
 * that became locked), a change of subscriptions reloads everything.
 */
export class SummaryCache {
  readonly #columns: StampedCache<BaleColumns>;

  constructor(private readonly db: Kysely<Database>) {
    this.#columns = new StampedCache(
      (orgId) => readBaleStamp(db, orgId),
      (orgId, stamp, base) => this.#load(orgId, stamp, base),
      MAX_ORGANIZATIONS,
    );
  }

  /**
   * The organization's columns at `stamp` if this process holds them; else undefined, and they
   * load (or catch up) in the background for the next request.
   */
  ready(orgId: string, stamp: BaleStamp): BaleColumns | undefined {
    return this.#columns.ready(orgId, stamp);
  }

  /** The organization's columns, by the stamp read now or the one given (read just before). */
  columns(orgId: string, stamp?: BaleStamp): Promise<BaleColumns> {
    return this.#columns.get(orgId, stamp);
  }

  async #load(
    orgId: string,
    stamp: BaleStamp,
    base: BaleColumns | undefined,
  ): Promise<BaleColumns> {
    const read = await listSummaryBales(this.db, orgId, base?.baleVersion);
    if (!base) {
      const columns = buildColumns({ orgId, ...stamp }, read.visible);
      // The uid map is not needed to answer (a catch-up needs it): made after, in turns.
      void columns.slotOf.prepare();
      return columns;
    }
    const nowLocked = read.locked.map((bale) => bale.uid);
    return mergeColumns(base, stamp, read.visible, nowLocked);
  }
}
