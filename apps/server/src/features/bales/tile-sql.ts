import { type RawBuilder, sql } from 'kysely';

// The Web Mercator tile a bale lies in now, in SQL, as the map's tiles are numbered: the one rule
// for the bale cells, the bale tiles and the map's views.

// Web Mercator ends here; a bale nearer a pole goes in the edge row.
const MAX_LAT = 85.0511287798066;

const clamp = (value: RawBuilder<number>, low: number, high: number) =>
  sql<number>`least(greatest(${value}, ${sql.lit(low)}), ${sql.lit(high)})`;
const lat = clamp(sql`bales.current_lat`, -MAX_LAT, MAX_LAT);

/** The column of the bale's tile among `scale` (2^zoom), where it lies now. */
export const tileX = (scale: number) =>
  clamp(sql`floor((bales.current_lon + 180) / 360 * ${sql.lit(scale)})::int`, 0, scale - 1);

/** The row of the bale's tile among `scale` (2^zoom), where it lies now. */
export const tileY = (scale: number) =>
  clamp(
    sql`floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${sql.lit(scale)})::int`,
    0,
    scale - 1,
  );
