import { SharedReads } from './shared-reads.ts';

/** What decides what an organization may see (`readBaleStamp`). */
export interface BaleStamp {
  baleVersion: number;
  activeMonths: number;
}

/** Loads an organization's value, catching up from `base` (same months, older version) if given. */
export type StampedLoader<T> = (orgId: string, stamp: BaleStamp, base: T | undefined) => Promise<T>;

/**
 * A per-process cache of a value built from each organization's visible bales (the summaries'
 * columns), checked against the database's stamp on every read so
 * several app processes stay correct without talking to each other. A newer bale version is
 * caught up from the cached value (only bales written since); a change of subscriptions reloads
 * everything; concurrent readers of one stamp share one load; the least recently used
 * organization goes first.
 * @example const cache = new StampedCache((org) => readBaleStamp(db, org), load, 8);
 *          const columns = await cache.get(orgId);
 */
/** Loads `StampedCache.ready` starts at most at once. */
const BACKGROUND_LOADS = 2;

export class StampedCache<T extends BaleStamp> {
  readonly #values = new Map<string, T>();
  readonly #loading = new SharedReads<T>();

  constructor(
    private readonly readStamp: (orgId: string) => Promise<BaleStamp>,
    private readonly load: StampedLoader<T>,
    private readonly maxOrganizations: number,
  ) {}

  /**
   * The organization's value at its current stamp: read now, or given by a caller that has just
   * read it (with other things the request needed, in one query).
   */
  async get(orgId: string, current?: BaleStamp): Promise<T> {
    const stamp = current ?? (await this.readStamp(orgId));
    const hit = this.#hit(orgId, stamp);
    if (hit) return hit;
    const key = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}`;
    return this.#loading.read(key, () => {
      const cached = this.#values.get(orgId);
      const base =
        cached &&
        cached.activeMonths === stamp.activeMonths &&
        cached.baleVersion < stamp.baleVersion
          ? cached
          : undefined;
      return this.load(orgId, stamp, base).then((value) => this.#keep(orgId, value));
    });
  }

  /**
   * The organization's value at `stamp` if kept; else undefined, and the value is loaded (caught
   * up) in the background for the next reader, unless BACKGROUND_LOADS are under way (many farms
   * asked at once must not all be read into memory). A failed load is forgotten, so the next
   * reader tries again; the caller answers without it.
   */
  ready(orgId: string, stamp: BaleStamp): T | undefined {
    const hit = this.#hit(orgId, stamp);
    if (!hit && this.#loading.size < BACKGROUND_LOADS) this.get(orgId, stamp).catch(() => {});
    return hit;
  }

  /** The value kept at exactly `stamp`, made the most recently used. */
  #hit(orgId: string, stamp: BaleStamp): T | undefined {
    const cached = this.#values.get(orgId);
    if (cached?.baleVersion !== stamp.baleVersion || cached.activeMonths !== stamp.activeMonths) {
      return undefined;
    }
    this.#values.delete(orgId);
    this.#values.set(orgId, cached);
    return cached;
  }

  #keep(orgId: string, value: T): T {
    const current = this.#values.get(orgId);
    // Two loads may finish out of order; keep the newer.
    if (current && current.baleVersion > value.baleVersion) return value;
    this.#values.delete(orgId);
    if (this.#values.size >= this.maxOrganizations) {
      const oldest = this.#values.keys().next().value;
      if (oldest !== undefined) this.#values.delete(oldest);
    }
    this.#values.set(orgId, value);
    return value;
  }
}

/**
 * Values computed from an organization's visible bales, kept by the bale stamp they were computed
 * at (read by the caller on every request): a new bale or subscription month makes a new key, so
 * an old value is never answered. A small bound over all organizations, the least recently used
 * going first; only ever an optimization, never what makes an answer right.
 * @example await heatmaps.get(orgId, stamp, `overlay|${fieldId}|…`, () => computeOverlay())
 */
export class StampedEntries {
  readonly #entries = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries: number) {}

  /** The value under `key` for this organization at this stamp, computed once; a failure is not kept. */
  get<T>(orgId: string, stamp: BaleStamp, key: string, compute: () => Promise<T>): Promise<T> {
    const full = `${orgId}@${stamp.baleVersion}:${stamp.activeMonths}|${key}`;
    const found = this.#entries.get(full);
    if (found) {
      // Most recently used last, so the oldest goes first.
      this.#entries.delete(full);
      this.#entries.set(full, found);
      return found as Promise<T>;
    }
    const computed = compute();
    computed.catch(() => this.#entries.delete(full));
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(full, computed);
    return computed;
  }
}
