import type { ExpressionSpecification } from 'maplibre-gl';

// Bale and stack icons drawn here in each colour the map asks for, rather than shipped as a
// sprite: plain images with their dark outline drawn in, each drawn once on demand. Not signed
// distance fields (SDF) coloured by the layer: an SDF icon with a halo is drawn twice per frame,
// and where the browser draws WebGL in software 3,600 of them cost a frame three times what
// these do (docs/benchmarks.md, bale details on the map).

/** Shape ids of the bale icons. */
export const mapIcons = {
  roundBale: 'bale-round',
  squareBale: 'bale-square',
  stack: 'bale-stack',
} as const;
export type MapIconId = (typeof mapIcons)[keyof typeof mapIcons];

/**
 * Image pixels per CSS pixel an icon is drawn at: twice the screen's density, as layers show
 * icons up to twice their size when zoomed in, so they stay sharp.
 */
export const iconPixelRatio = (devicePixelRatio: number) =>
  2 * Math.max(1, Math.round(devicePixelRatio || 1));

const PREFIX = 'icon:';
/** Outline width and the edge's soft pixel around each shape, in half CSS pixels (as shapes). */
const OUTLINE = 4;
const PADDING = OUTLINE + 1;
const OUTLINE_RGBA = [28, 32, 20, 0.9] as const;

/**
 * `icon-image` for an icon of `shape` (an id, or an expression choosing one per feature) in
 * `color`, an expression giving a `#rrggbb` colour per feature.
 */
export function iconImage(
  shape: MapIconId | ExpressionSpecification,
  color: ExpressionSpecification,
): ExpressionSpecification {
  return ['concat', PREFIX, shape, ':', color];
}

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

// Sizes in half CSS pixels, outline excluded: round bales a disc, square bales a rounded square,
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

/** Parses an image id made by iconImage: its shape and colour, or null for other images. */
export function parseIconId(
  id: string,
): { shape: MapIconId; rgb: [number, number, number] } | null {
  if (!id.startsWith(PREFIX)) return null;
  const [shape, color] = id.slice(PREFIX.length).split(':');
  if (!shape || !Object.hasOwn(shapes, shape) || !color || !/^#[0-9a-f]{6}$/i.test(color))
    return null;
  const rgb = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
  return { shape: shape as MapIconId, rgb: rgb as [number, number, number] };
}

const coverage = (distance: number) => Math.max(0, Math.min(1, 0.5 - distance));

/**
 * The image of an icon id (iconImage's) at `pixelRatio` (iconPixelRatio's), or null for an id
 * that is not one: the shape filled with its colour inside a dark outline, edges smoothed over
 * an image pixel, straight (not premultiplied) alpha as MapLibre takes it.
 */
export function drawIcon(
  id: string,
  pixelRatio = 2,
): { width: number; height: number; data: Uint8Array } | null {
  const icon = parseIconId(id);
  if (!icon) return null;
  const shape = shapes[icon.shape];
  // Image pixels per shape unit (half a CSS pixel).
  const scale = pixelRatio / 2;
  const width = Math.ceil((shape.width + 2 * PADDING) * scale);
  const height = Math.ceil((shape.height + 2 * PADDING) * scale);
  const data = new Uint8Array(width * height * 4);
  const [r, g, b, a] = OUTLINE_RGBA;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // In image pixels, so the soft edge is one image pixel wide at any ratio.
      const distance =
        shape.distance((x + 0.5) / scale - PADDING, (y + 0.5) / scale - PADDING) * scale;
      const inside = coverage(distance);
      const alpha = coverage(distance - OUTLINE * scale) * (a + (1 - a) * inside);
      if (alpha === 0) continue;
      const i = (y * width + x) * 4;
      data[i] = Math.round(r + (icon.rgb[0] - r) * inside);
      data[i + 1] = Math.round(g + (icon.rgb[1] - g) * inside);
      data[i + 2] = Math.round(b + (icon.rgb[2] - b) * inside);
      data[i + 3] = Math.round(255 * alpha);
    }
  }
  return { width, height, data };
}
