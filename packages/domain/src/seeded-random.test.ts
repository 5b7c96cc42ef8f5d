import { describe, expect, it } from 'vitest';
import { mulberry32, seededRandom } from './seeded-random.ts';

const draws = (seed: number, n: number) => {
  const next = mulberry32(seed);
  return Array.from({ length: n }, next);
};

describe('mulberry32', () => {
  it('repeats for a seed and differs between seeds', () => {
    expect(draws(42, 5)).toEqual(draws(42, 5));
    expect(draws(42, 5)).not.toEqual(draws(43, 5));
  });

  it('stays in [0, 1) and spreads evenly', () => {
    const values = draws(1, 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 1);
  });
});

describe('seededRandom', () => {
  it('draws normal values with the asked mean and spread', () => {
    const random = seededRandom(3);
    const values = Array.from({ length: 20_000 }, () => random.normal(14, 3));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
    expect(mean).toBeCloseTo(14, 1);
    expect(sd).toBeGreaterThan(2.9);
    expect(sd).toBeLessThan(3.1);
  });

  it('clamps into the range', () => {
    const random = seededRandom(4);
    for (let i = 0; i < 2000; i++) {
      const value = random.clampedNormal(14, 10, 8, 22);
      expect(value).toBeGreaterThanOrEqual(8);
      expect(value).toBeLessThanOrEqual(22);
    }
  });

  it('draws whole numbers with both ends included', () => {
    const random = seededRandom(5);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('makes valid version-4 UUIDs', () => {
    const random = seededRandom(6);
    for (let i = 0; i < 50; i++) {
      expect(random.uuid()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it('forks streams that do not depend on draws made elsewhere', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    b.next();
    b.next();
    expect(a.fork('fields').next()).toBe(b.fork('fields').next());
    expect(a.fork('fields').next()).not.toBe(a.fork('bales').next());
  });

  it('refuses to pick from nothing', () => {
    expect(() => seededRandom(8).pick([])).toThrow(RangeError);
  });
});
