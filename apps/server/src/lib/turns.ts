/**
 * Long work on the event loop that lets other requests in: inside a loop, `await turns.check()`
 * every few hundred items yields once the current turn has run its slice, so another farm's
 * request waits for about a slice, not the whole work (docs/benchmarks.md, event-loop rows).
 */
export class Turns {
  #start = performance.now();

  constructor(readonly sliceMs = 8) {}

  /** Whether this turn has run its slice. */
  due(): boolean {
    return performance.now() - this.#start >= this.sliceMs;
  }

  /** Lets timers, I/O and other requests run, then starts a new slice. */
  async yield(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.#start = performance.now();
  }

  /** Yields if the slice is spent. */
  async check(): Promise<void> {
    if (this.due()) await this.yield();
  }
}

/**
 * A map of the entries `entry(0)`, `entry(1)`… below `count()` (read again at each step, so
 * entries added meanwhile are taken too), filled a slice at a time.
 */
export async function mapInTurns<K, V>(
  count: () => number,
  entry: (i: number) => [K, V],
  turns = new Turns(),
): Promise<Map<K, V>> {
  const map = new Map<K, V>();
  for (let i = 0; i < count(); i += 1) {
    if ((i & 4095) === 0) await turns.check();
    const [key, value] = entry(i);
    map.set(key, value);
  }
  return map;
}
