import { describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job.ts';

describe('startPeriodicJob', () => {
  it('runs at once and on every tick, one round at a time, and keeps going after a failure', async () => {
    vi.useFakeTimers();
    try {
      let active = 0;
      let most = 0;
      let rounds = 0;
      const problems: unknown[] = [];
      const stop = startPeriodicJob(
        1_000,
        async () => {
          rounds += 1;
          active += 1;
          most = Math.max(most, active);
          await new Promise((resolve) => setTimeout(resolve, 2_500));
          active -= 1;
          if (rounds === 1) throw new Error('database away');
        },
        (error) => problems.push(error),
      );
      await vi.advanceTimersByTimeAsync(10_000);
      expect(rounds).toBeGreaterThanOrEqual(3);
      expect(most).toBe(1);
      expect(problems).toEqual([new Error('database away')]);
      const stopped = stop();
      await vi.advanceTimersByTimeAsync(60_000);
      await stopped;
      const after = rounds;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(rounds).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  });
});
