import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { groupStacks, placeStacks } from './stack-grouping.ts';

// Bales hauled to a yard group into stacks by where they lie now: what the map, the audits and
// the inventory all call one stack, under an id that outlives any process.

const ORG = '6f1c1e52-0b7a-4a39-9d1c-5d2f9f0c0a11';
/** Degrees of latitude per metre, about. */
const M = 1 / 111_320;

/**
 * A bale made 200 m north of where it lies now, at `north`/`east` metres from the yard's corner
 * (by the prime meridian, where the grid's columns of neighbouring rows line up).
 */
const moved = (uid: string, north: number, east: number) => {
  const lat = 45 + north * M;
  const lon = 0.0001 + (east * M) / Math.cos((45 * Math.PI) / 180);
  return { uid, lat, lon, creationLat: lat + 200 * M, creationLon: lon };
};

/** The id the product has always given a stack whose first grid cell is `cell` (v5-style UUID). */
function idOf(cell: string): string {
  const hex = createHash('sha1').update(`stack:${ORG}:${cell}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

describe('groupStacks', () => {
  it('joins bales up to 5 m apart, across cells and diagonals, and leaves a bale alone out', () => {
    const bales = [
      moved('a', 2, 2),
      moved('b', 5, 5), // 4.2 m away, the next cell diagonally: same stack
      moved('c', 8, 8),
      moved('d', 100, 100), // alone, 130 m away: no stack
      moved('e', 302, 2),
      moved('f', 303, 3), // same cell as e: a stack of two
    ];
    const stacks = [...groupStacks(ORG, bales).values()];
    expect(stacks).toEqual([
      [0, 1, 2],
      [4, 5],
    ]);
  });

  it('keeps apart two stacks in cells that touch at a corner, their bales 9 m apart', () => {
    const bales = [
      moved('a', 0.5, 0.5),
      moved('b', 1, 1),
      moved('c', 6.5, 7),
      moved('d', 9.5, 9.5),
    ];
    expect([...groupStacks(ORG, bales).values()]).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('joins a row of bales running north far from the prime meridian, where grid rows shear', () => {
    // At 120° W the grid's columns of one row sit 1.5 cells off those of the next.
    const line = Array.from({ length: 30 }, (_, i) => {
      const lat = 46.548 + i * 4 * M;
      return {
        uid: `n${i}`,
        lat,
        lon: -120.313,
        creationLat: lat + 200 * M,
        creationLon: -120.313,
      };
    });
    expect([...groupStacks(ORG, line).values()]).toEqual([line.map((_, i) => i)]);
  });

  it('ignores bales lying where they were made', () => {
    const unmoved = { ...moved('a', 2, 2), creationLat: 45 + 2 * M };
    expect(groupStacks(ORG, [unmoved, { ...unmoved, uid: 'b' }]).size).toBe(0);
  });

  it('names a stack by its first cell as text, so ids stay those already stored', () => {
    // Bales 4 m apart in rows 999 and 1000 of the grid: as text "1000:…" sorts before "999:…".
    const row = (n: number) => (n * 5 + (n === 999 ? 3 : 2)) / 111_320;
    const at = (uid: string, r: number) => ({
      uid,
      lat: row(r),
      lon: 0.00001,
      creationLat: row(r) + 200 * M,
      creationLon: 0.00001,
    });
    const ids = [...groupStacks(ORG, [at('a', 999), at('b', 1000)]).keys()];
    expect(ids).toEqual([idOf('1000:0')]);
  });

  it('gives the same stacks whatever order the bales come in', async () => {
    const yard = Array.from({ length: 400 }, (_, i) =>
      moved(`u${String(i).padStart(3, '0')}`, (i % 20) * 3 + (i % 7), Math.floor(i / 20) * 9),
    );
    const forward = await placeStacks(ORG, yard);
    const backward = await placeStacks(ORG, [...yard].reverse());
    expect(forward.stacks.size).toBeGreaterThan(1);
    expect([...backward.stacks.keys()]).toEqual([...forward.stacks.keys()]);
    for (const [id, place] of forward.stacks) {
      const other = backward.stacks.get(id);
      expect(other?.members.map((m) => m.uid)).toEqual(place.members.map((m) => m.uid));
      expect(other?.lat).toBeCloseTo(place.lat, 12);
    }
  });
});
