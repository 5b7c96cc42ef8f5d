// Fields without hay in the year or cutting shown: pale stripes over translucent grey, unlike
// every class colour, so "nothing baled" never reads as "a light crop" (and the photo still shows
// through on imagery).

/** The image's name in the map's style. */
export const NO_HAY_PATTERN = 'yield-no-hay';

/** The same stripes for the legend's swatch. */
export const noHaySwatch =
  'repeating-linear-gradient(45deg, rgba(70, 70, 70, 0.6) 0 4px, rgba(255, 255, 255, 0.9) 4px 6px)';

const STRIPE = [255, 255, 255, 230] as const;
const GROUND = [70, 70, 70, 150] as const;

/**
 * The pattern's tile: a diagonal stripe every 8 px (times `ratio` for sharp screens), seamless
 * when repeated.
 */
export function noHayPattern(ratio: number): { width: number; height: number; data: Uint8Array } {
  const size = 8 * ratio;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const colour = (x + y) % size < 2 * ratio ? STRIPE : GROUND;
      data.set(colour, (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}
