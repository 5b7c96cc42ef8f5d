import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random.ts';
import { type Neighbours, SampleBuckets } from './sample-buckets.ts';

describe('SampleBuckets.nearest', () => {
  it('finds the same k nearest samples as comparing every one, inside and outside the cloud', () => {
    const random = seededRandom(42).next;
    const n = 300;
    const xs = Float64Array.from({ length: n }, () => random() * 1000);
    // Windrow-like: clustered in bands, so buckets are uneven.
    const ys = Float64Array.from({ length: n }, (_, i) => (i % 10) * 100 + random() * 5);
    const buckets = new SampleBuckets(xs, ys);
    const k = 12;
    const near: Neighbours = { d2: new Float64Array(k), index: new Int32Array(k), count: 0 };
    for (let q = 0; q < 200; q += 1) {
      const x = random() * 1400 - 200;
      const y = random() * 1400 - 200;
      buckets.nearest(x, y, near);
      const expected = Array.from(
        { length: n },
        (_, i) => ((xs[i] ?? 0) - x) ** 2 + ((ys[i] ?? 0) - y) ** 2,
      )
        .sort((a, b) => a - b)
        .slice(0, k);
      expect(near.count).toBe(k);
      expect([...near.d2]).toEqual(expected);
    }
  });

  it('returns every sample when there are fewer than k', () => {
    const buckets = new SampleBuckets(Float64Array.of(0, 10), Float64Array.of(0, 0));
    const near: Neighbours = { d2: new Float64Array(5), index: new Int32Array(5), count: 0 };
    buckets.nearest(2, 0, near);
    expect(near.count).toBe(2);
    expect([...near.index.slice(0, 2)]).toEqual([0, 1]);
  });
});
