import { describe, expect, it } from 'vitest';
import { type BaleStamp, StampedCache } from './stamped-cache.ts';

interface Value extends BaleStamp {
  orgId: string;
  /** How it was made: 'full' or 'from <version>'. */
  made: string;
}

/** A cache over stamps the test sets, recording every load. */
function harness(maxOrganizations = 2) {
  const stamps = new Map<string, BaleStamp>();
  const loads: string[] = [];
  const cache = new StampedCache<Value>(
    async (orgId) => stamps.get(orgId) ?? { baleVersion: 0, activeMonths: 0 },
    async (orgId, stamp, base) => {
      const made = base ? `from ${base.baleVersion}` : 'full';
      loads.push(`${orgId} ${made}`);
      return { orgId, ...stamp, made };
    },
    maxOrganizations,
  );
  return { cache, loads, stamp: (orgId: string, s: BaleStamp) => stamps.set(orgId, s) };
}

describe('StampedCache', () => {
  it('loads once per stamp, shared by concurrent readers', async () => {
    const { cache, loads, stamp } = harness();
    stamp('a', { baleVersion: 1, activeMonths: 3 });
    const [first, second] = await Promise.all([cache.get('a'), cache.get('a')]);
    expect(first).toBe(second);
    expect(await cache.get('a')).toBe(first);
    expect(loads).toEqual(['a full']);
  });

  it('catches up from the cached value on a newer bale version, reloads on new months', async () => {
    const { cache, loads, stamp } = harness();
    stamp('a', { baleVersion: 1, activeMonths: 3 });
    await cache.get('a');
    stamp('a', { baleVersion: 4, activeMonths: 3 });
    expect((await cache.get('a')).made).toBe('from 1');
    stamp('a', { baleVersion: 4, activeMonths: 4 });
    expect((await cache.get('a')).made).toBe('full');
    expect(loads).toEqual(['a full', 'a from 1', 'a full']);
  });

  it('forgets the least recently used organization first', async () => {
    const { cache, loads } = harness(2);
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c'); // evicts b, read longest ago
    await cache.get('a');
    await cache.get('b');
    expect(loads).toEqual(['a full', 'b full', 'c full', 'b full']);
  });

  it('answers only what it holds at the stamp, loading the rest in the background, two at once', async () => {
    const { cache, loads } = harness(4);
    const at = { baleVersion: 0, activeMonths: 0 };
    expect(cache.ready('a', at)).toBeUndefined();
    expect(cache.ready('b', at)).toBeUndefined();
    expect(cache.ready('c', at)).toBeUndefined(); // two loads under way: c waits for a reader
    expect(cache.ready('a', at)).toBeUndefined(); // still loading, not loaded twice
    await Promise.all([cache.get('a'), cache.get('b')]);
    expect(cache.ready('a', at)?.made).toBe('full');
    expect(cache.ready('a', { baleVersion: 1, activeMonths: 0 })).toBeUndefined(); // newer bales
    expect(cache.ready('c', at)).toBeUndefined();
    await cache.get('c');
    expect(loads).toEqual(['a full', 'b full', 'a from 0', 'c full']);
  });

  it('forgets a background load that failed, so the next reader tries again', async () => {
    let fail = true;
    const tries: string[] = [];
    const cache = new StampedCache<Value>(
      async () => ({ baleVersion: 0, activeMonths: 0 }),
      async (orgId, stamp) => {
        tries.push(orgId);
        if (fail) throw new Error('database gone');
        return { orgId, ...stamp, made: 'full' };
      },
      2,
    );
    const at = { baleVersion: 0, activeMonths: 0 };
    expect(cache.ready('a', at)).toBeUndefined();
    await expect(cache.get('a', at)).rejects.toThrow('database gone'); // the same failed load
    fail = false;
    expect(cache.ready('a', at)).toBeUndefined();
    await cache.get('a', at);
    expect(cache.ready('a', at)?.made).toBe('full');
    expect(tries).toEqual(['a', 'a']);
  });
});
