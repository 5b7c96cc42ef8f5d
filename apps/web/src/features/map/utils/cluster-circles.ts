import type { ExpressionSpecification } from 'maplibre-gl';

/** Circles grow with the bales they stand for, in steps a reader can tell apart. */
const SIZES = [
  { fromCount: 0, radiusPx: 13 },
  { fromCount: 10, radiusPx: 16 },
  { fromCount: 100, radiusPx: 20 },
  { fromCount: 1_000, radiusPx: 25 },
  { fromCount: 10_000, radiusPx: 31 },
] as const;
/** Half the height of a count's label image (lib/map-labels.ts draws them 18–20 px high). */
const LABEL_HALF_HEIGHT_PX = 9;
/** Room kept between a circle and a field name. */
const MARGIN_PX = 4;

/** A count's padding: its label's box grown to its circle's box and the margin. */
const countPaddingOf = (radiusPx: number) => radiusPx - LABEL_HALF_HEIGHT_PX + MARGIN_PX;

function byCount(value: (radiusPx: number) => number): ExpressionSpecification {
  const [first, ...rest] = SIZES;
  return [
    'step',
    ['get', 'count'],
    value(first.radiusPx),
    ...rest.flatMap((size) => [size.fromCount, value(size.radiusPx)]),
  ] as ExpressionSpecification;
}

/**
 * A cluster's circle by its count, and the room its count's label claims in MapLibre's symbol
 * collisions: the label's box grown to the circle's box and a margin, so names placed after the
 * counts keep off the whole circle, not only its digits.
 */
export const clusterCircles = {
  sizes: SIZES,
  radius: byCount((radiusPx) => radiusPx),
  countPaddingOf,
  /** The count's layout for collisions: always drawn, and entered in the collision index. */
  countCollision: {
    'icon-allow-overlap': true,
    'icon-ignore-placement': false,
    'icon-padding': byCount(countPaddingOf),
  },
} as const;
