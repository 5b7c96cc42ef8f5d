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
