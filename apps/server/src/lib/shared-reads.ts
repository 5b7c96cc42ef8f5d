/** The caches built from each organization's visible bales (one read feeds both). */
export type ReadConsumer = 'map' | 'summaries';

/**
 * Reads that the map's and the summaries' caches start for the same key at about the same time
 * (after a restart both load at once): the first consumer starts the read, the other takes the
 * same promise once. A read is kept until both took it, or `keepMs` after it settled.
 * @example const rows = await reads.take(key, 'map', () => listSummaryBales(db, orgId));
 */
export class SharedReads<T> {
  readonly #reads = new Map<string, { value: Promise<T>; takenBy: Set<ReadConsumer> }>();

  constructor(private readonly keepMs: number) {}

  take(key: string, consumer: ReadConsumer, read: () => Promise<T>): Promise<T> {
    const found = this.#reads.get(key);
    if (found && !found.takenBy.has(consumer)) {
      found.takenBy.add(consumer);
      this.#reads.delete(key);
      return found.value;
    }
    const value = read();
    const entry = { value, takenBy: new Set([consumer]) };
    this.#reads.set(key, entry);
    const forget = () => {
      if (this.#reads.get(key) === entry) this.#reads.delete(key);
    };
    value.then(() => setTimeout(forget, this.keepMs).unref(), forget);
    return value;
  }
}
