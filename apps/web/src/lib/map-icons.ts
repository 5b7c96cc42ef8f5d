// Bale and stack icons as signed distance fields (SDF), computed here rather than shipped as a
// sprite: an SDF icon takes its colour from the layer (`icon-color`), so one image serves every
// class of every measure, and `icon-halo-*` outlines it on any background.

/** Image ids of the bale icons. */
export const mapIcons = {
  roundBale: 'bale-round',
  squareBale: 'bale-square',
  stack: 'bale-stack',
} as const;
export type MapIconId = (typeof mapIcons)[keyof typeof mapIcons];

/** Icons are drawn at twice the CSS size so they stay sharp on high-density screens. */
export const ICON_PIXEL_RATIO = 2;

// MapLibre's SDF encoding (as tiny-sdf's): alpha 0.75 on the edge, 1/32 per pixel inward or
// outward, so `BUFFER` pixels around the shape leave room for a halo.
const BUFFER = 8;
const encode = (distance: number) =>
  Math.max(0, Math.min(255, Math.round(255 - 255 * (distance / 8 + 0.25))));

type Distance = (x: number, y: number) => number;

const circle =
  (cx: number, cy: number, r: number): Distance =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;

// A rectangle with rounded corners: centre, half sizes and corner radius.
const box =
  (cx: number, cy: number, hw: number, hh: number, r: number): Distance =>
  (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
    return outside + Math.min(Math.max(qx, qy), 0) - r;
  };

const union =
  (...shapes: Distance[]): Distance =>
  (x, y) =>
    Math.min(...shapes.map((shape) => shape(x, y)));

// Sizes in image pixels, buffer excluded: round bales a disc, square bales a rounded square,
// stacks three bales stacked as a pyramid (two below, one above), larger than a single bale.
const shapes: Record<MapIconId, { width: number; height: number; distance: Distance }> = {
  'bale-round': { width: 24, height: 24, distance: circle(12, 12, 11.5) },
  'bale-square': { width: 22, height: 22, distance: box(11, 11, 10.5, 10.5, 3) },
  'bale-stack': {
    width: 40,
    height: 32,
    distance: union(box(10, 23, 9, 7, 2.5), box(30, 23, 9, 7, 2.5), box(20, 8, 9, 7, 2.5)),
  },
};

/** The SDF image of an icon, or null for an id that is not one of ours. */
export function drawIcon(id: string): { width: number; height: number; data: Uint8Array } | null {
  const shape = shapes[id as MapIconId];
  if (!shape) return null;
  const width = shape.width + 2 * BUFFER;
  const height = shape.height + 2 * BUFFER;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = 255;
      data[i + 1] = 255;
      data[i + 2] = 255;
      data[i + 3] = encode(shape.distance(x - BUFFER + 0.5, y - BUFFER + 0.5));
    }
  }
  return { width, height, data };
}
