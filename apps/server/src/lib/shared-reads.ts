/**
 * Concurrent reads of one key share one database round trip: a caller asking while a read of its
 * key is in flight gets that read's answer (the map screen asks its clusters and summary at once,
 * each needing the same settings and token check). Nothing is kept once a read settles, so an
 * answer is never older than a read that began while the caller waited; a writer calls `forget`
 * after its statement so no later caller joins a read begun before it.
 */
export class SharedReads<T> {
  readonly #pending = new Map<string, Promise<T>>();

  read(key: string, load: () => Promise<T>): Promise<T> {
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const started: Promise<T> = load().finally(() => {
      if (this.#pending.get(key) === started) this.#pending.delete(key);
    });
    this.#pending.set(key, started);
    return started;
  }

  /** How many reads are in flight. */
  get size(): number {
    return this.#pending.size;
  }

  forget(key: string): void {
    this.#pending.delete(key);
  }

  forgetAll(): void {
    this.#pending.clear();
  }
}
