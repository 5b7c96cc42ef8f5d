import { describe, expect, it } from 'vitest';
import { mapInTurns, Turns } from './turns.ts';

// Long work in slices: other callbacks run between them, and nothing is lost meanwhile.

describe('mapInTurns', () => {
  it('lets timers run between slices and takes entries added while it fills', async () => {
    const uids = Array.from({ length: 50_000 }, (_, i) => `B${i}`);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      // Added mid-way, as a catch-up writes new slots while the map is made.
      if (ticks === 1) uids.push('LATE');
    }, 0);
    const map = await mapInTurns(
      () => uids.length,
      (i) => [uids[i] as string, i],
      new Turns(0),
    );
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(map.size).toBe(uids.length);
    expect(map.get('LATE')).toBe(50_000);
    expect(map.get('B49999')).toBe(49_999);
  });
});
