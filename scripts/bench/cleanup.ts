/**
 * What must be undone however the benchmark ends (servers, the PostgreSQL cluster, folders):
 * each task runs once, from its own `finally` or, on Ctrl-C, from `runAll`.
 */
export class Cleanup {
  readonly #tasks = new Set<() => Promise<void>>();

  /** Registers a task; the returned function runs it now (once) and forgets it. */
  add(task: () => Promise<void> | void): () => Promise<void> {
    const once = async () => {
      if (!this.#tasks.delete(once)) return;
      try {
        await task();
      } catch (error) {
        console.error(`Clean-up failed: ${error instanceof Error ? error.message : error}`);
      }
    };
    this.#tasks.add(once);
    return once;
  }

  /** Runs every task still registered, newest first. */
  async runAll(): Promise<void> {
    for (const task of [...this.#tasks].reverse()) await task();
  }
}
