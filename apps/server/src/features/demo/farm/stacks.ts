// Hauling part of the hay to the stack yard: whole lots (one field's bales of one cutting) are
// moved some days after baling and stacked on a grid, so a stack holds hay of one quality.
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { LocalFrame, Metres } from '@baletrack/domain/geo/local-frame';
import type { SeededRandom } from '@baletrack/domain/seeded-random';
import type { DemoBale } from './demo-farm-model.ts';
import { atPacificHour, DAY_MS, pacificHour } from './pacific-time.ts';

interface StackShape {
  /** Bales side by side along the stack, across it, and layers high. */
  along: number;
  across: number;
  layers: number;
  /** Ground taken by one bale along and across, m. */
  pitchAlong: number;
  pitchAcross: number;
}

// 3x4 squares lie side by side (1.2 m wide, 2.4 m long) four high; 5 ft rounds three high.
const squareStack: StackShape = {
  along: 20,
  across: 2,
  layers: 4,
  pitchAlong: 1.2,
  pitchAcross: 2.4,
};
const roundStack: StackShape = {
  along: 12,
  across: 2,
  layers: 3,
  pitchAlong: 1.5,
  pitchAcross: 1.5,
};
// Room between stacks, over 10 m so that no grouping on a 5 m grid (the server's) joins two.
const GAP_M = 13;

export interface StackingOptions {
  /** The yard as an axis-aligned rectangle in the farm's metres. */
  yard: { min: Metres; max: Metres };
  frame: LocalFrame;
  baleSizeOf: (balerId: string) => BaleSize;
  /** Share of all bales to move, e.g. 0.08. */
  share: number;
  now: number;
  random: SeededRandom;
}

/**
 * Moves about `share` of the bales into stacks in the yard: their current location becomes a
 * slot of a stack (layers share a spot, a GPS wobble apart) and their update time the haul.
 * Only lots finished three weeks before `now` are hauled. Changes the bales in place.
 * @returns how many stacks were built and bales moved
 */
export function stackIntoYard(
  bales: DemoBale[],
  options: StackingOptions,
): { stacks: number; moved: number } {
  const lots = new Map<string, DemoBale[]>();
  for (const bale of bales) {
    const key = `${bale.cuttingId}|${bale.fieldId}|${bale.balerId}`;
    const lot = lots.get(key);
    if (lot) lot.push(bale);
    else lots.set(key, [bale]);
  }
  const lastTime = (lot: DemoBale[]) => Date.parse(lot.at(-1)?.record.creationTime ?? '');
  const eligible = [...lots.values()].filter((lot) => lastTime(lot) + 21 * DAY_MS < options.now);
  // A fixed shuffle (Fisher–Yates) so every seed stacks different lots.
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = options.random.int(0, i);
    [eligible[i], eligible[j]] = [eligible[j] as DemoBale[], eligible[i] as DemoBale[]];
  }

  const target = Math.round(bales.length * options.share);
  const { yard } = options;
  let cursor = { x: yard.min.x + 10, y: yard.min.y + 10 };
  let moved = 0;
  let stacks = 0;
  for (const lot of eligible) {
    if (moved >= target * 0.97) break;
    if (moved + lot.length > target * 1.05) continue;
    const first = lot[0];
    if (!first) continue;
    const shape = /Feet$/.test(options.baleSizeOf(first.balerId)) ? roundStack : squareStack;
    const perStack = shape.along * shape.across * shape.layers;
    const width = shape.along * shape.pitchAlong;
    const depth = shape.across * shape.pitchAcross;
    // Find room for every stack of the lot before moving anything.
    const origins: Metres[] = [];
    let place = { ...cursor };
    for (let n = 0; n < Math.ceil(lot.length / perStack); n++) {
      if (place.x + width > yard.max.x - 10)
        place = { x: yard.min.x + 10, y: place.y + depth + GAP_M };
      if (place.y + depth > yard.max.y - 10) break;
      origins.push(place);
      place = { x: place.x + width + GAP_M, y: place.y };
    }
    if (origins.length < Math.ceil(lot.length / perStack)) continue;
    cursor = place;
    stacks += origins.length;

    // Hauled from a few days to two weeks after baling, from 7 in the morning.
    let haul = atPacificHour(lastTime(lot) + options.random.int(3, 14) * DAY_MS, 7);
    for (const [index, bale] of lot.entries()) {
      const origin = origins[Math.floor(index / perStack)] as Metres;
      const slot = (index % perStack) % (shape.along * shape.across);
      const spot = {
        x:
          origin.x +
          ((slot % shape.along) + 0.5) * shape.pitchAlong +
          options.random.normal(0, 0.3),
        y:
          origin.y +
          (Math.floor(slot / shape.along) + 0.5) * shape.pitchAcross +
          options.random.normal(0, 0.3),
      };
      const position = options.frame.toLatLon(spot);
      bale.record.currentLocation = { lat: round7(position.lat), lon: round7(position.lon) };
      haul += options.random.int(30, 100) * 1000;
      if (pacificHour(haul) >= 18) haul = atPacificHour(haul + DAY_MS, 7);
      bale.record.updateTime = new Date(haul).toISOString();
    }
    moved += lot.length;
  }
  return { stacks, moved };
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;
