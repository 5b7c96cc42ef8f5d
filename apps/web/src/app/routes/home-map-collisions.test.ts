import { describe, expect, it } from 'vitest';
import { fieldNameLayer } from '@/features/fields/utils/field-name-layer';
import { clusterCircles } from '@/features/map/utils/cluster-circles';
import { mapSlots, offlineStyle } from '@/features/map/utils/map-style';

// The map home's field names and cluster counts never cover each other (docs/product.md#the-map):
// MapLibre places symbols from the top layer down, so the counts, above, claim their circles'
// room first, and a name takes the first free place around its point or is left out. What
// MapLibre then draws is the journeys' (e2e/map.spec.ts).

/** Half a count label's height: lib/map-labels.ts draws them 18–20 px high. */
const COUNT_HALF_HEIGHT_PX = 9;
const NAME_SIZE_PX = fieldNameLayer.layout['text-size'];

/** The names' places: [anchor, [x, y] in ems], in the order MapLibre tries them. */
function namePlaces(): [string, [number, number]][] {
  const flat = fieldNameLayer.layout['text-variable-anchor-offset'];
  const places: [string, [number, number]][] = [];
  for (let i = 0; i < flat.length; i += 2) {
    places.push([flat[i] as string, flat[i + 1] as [number, number]]);
  }
  return places;
}

describe('field names and cluster counts on the map home', () => {
  it('places the counts first: the field names lie beneath the bales', () => {
    const order = offlineStyle.layers.map((layer) => layer.id);
    expect(order.indexOf(mapSlots.fields)).toBeLessThan(order.indexOf(mapSlots.fieldNames));
    expect(order.indexOf(mapSlots.fieldNames)).toBeLessThan(order.indexOf(mapSlots.bales));
  });

  it('draws every count and enters its whole circle, with a margin, in the collisions', () => {
    expect(clusterCircles.countCollision['icon-allow-overlap']).toBe(true);
    expect(clusterCircles.countCollision['icon-ignore-placement']).toBe(false);
    for (const { radiusPx } of clusterCircles.sizes) {
      expect(COUNT_HALF_HEIGHT_PX + clusterCircles.countPaddingOf(radiusPx)).toBeGreaterThan(
        radiusPx,
      );
    }
  });

  it('writes names as text that never overlaps a count, moving around its point', () => {
    const { layout } = fieldNameLayer;
    expect(layout['text-field']).toEqual(['get', 'name']);
    expect(layout['text-allow-overlap']).toBe(false);
    expect(layout['text-ignore-placement']).toBe(false);
    const places = namePlaces();
    // Just below its point first, as names always stood.
    expect(places[0]).toEqual(['top', [0, 0.5]]);
    // Below, above and to either side, some place clears the biggest circle's claimed room.
    const biggest = Math.max(...clusterCircles.sizes.map((size) => size.radiusPx));
    const claimedPx = COUNT_HALF_HEIGHT_PX + clusterCircles.countPaddingOf(biggest);
    const clears = (anchor: string, axis: 0 | 1, sign: 1 | -1) =>
      places.some(
        ([at, offset]) => at === anchor && sign * offset[axis] * NAME_SIZE_PX >= claimedPx,
      );
    expect(clears('top', 1, 1)).toBe(true);
    expect(clears('bottom', 1, -1)).toBe(true);
    expect(clears('left', 0, 1)).toBe(true);
    expect(clears('right', 0, -1)).toBe(true);
  });
});
