import type { ExpressionSpecification } from 'maplibre-gl';

// Map text is drawn into images on demand (canvas 2D, the page's own system font) and shown
// with symbol layers' `icon-image`, never `text-field`. Text fields need glyph PBFs fetched
// from a `glyphs` URL; no npm package ships them ready-made, and generating and serving a
// font's ranges would be a build step of its own, while labels here are few and short
// (cluster counts, field and place names). So the bundled style has no glyphs URL and the map
// asks only its own server for anything (the basemap's GeoJSON) besides imagery tiles.

/**
 * How a label looks: a count on a light or a dark cluster circle (no halo: the circle is its
 * background), a count on the open map (beside a stack), a field's name, or a place name of
 * the basemap (a country, a state or province).
 */
export const labelStyles = ['on-light', 'on-dark', 'count', 'field', 'country', 'region'] as const;
export type LabelStyle = (typeof labelStyles)[number];

const PREFIX = 'label:';
const MAX_LABEL_LENGTH = 32;

/**
 * `icon-image` for a label whose text is the feature property `property`; the style may be an
 * expression choosing one per feature.
 */
export function labelImage(
  style: LabelStyle | ExpressionSpecification,
  property: string,
): ExpressionSpecification {
  return ['concat', PREFIX, style, ':', ['to-string', ['get', property]]];
}

interface LabelImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

const looks: Record<LabelStyle, { font: string; fill: string; halo: string; haloWidth: number }> = {
  'on-light': { font: '700 13px', fill: '#1a1a1a', halo: 'transparent', haloWidth: 0 },
  'on-dark': { font: '700 13px', fill: '#ffffff', halo: 'rgba(0,0,0,0.25)', haloWidth: 1 },
  count: { font: '700 12px', fill: '#1a1a1a', halo: '#ffffff', haloWidth: 3 },
  field: { font: '700 13px', fill: '#2f3b12', halo: 'rgba(255,255,255,0.95)', haloWidth: 3 },
  // Place names of the basemap: quieter than the farm's own names.
  country: { font: '600 13px', fill: '#4a4a40', halo: 'rgba(255,255,255,0.85)', haloWidth: 2 },
  region: {
    font: 'italic 500 11px',
    fill: '#5c5c50',
    halo: 'rgba(255,255,255,0.85)',
    haloWidth: 2,
  },
};
const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** Parses an image id made by labelImage: its style and text, or null for other images. */
export function parseLabelId(id: string): { style: LabelStyle; text: string } | null {
  if (!id.startsWith(PREFIX)) return null;
  const rest = id.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const style = rest.slice(0, colon);
  const known = labelStyles.find((candidate) => candidate === style);
  return known ? { style: known, text: rest.slice(colon + 1) } : null;
}

/** The label drawn at `pixelRatio` (the screen's, so text stays sharp). */
export function drawLabel(style: LabelStyle, text: string, pixelRatio: number): LabelImage | null {
  const look = looks[style];
  const shown = text.length > MAX_LABEL_LENGTH ? `${text.slice(0, MAX_LABEL_LENGTH - 1)}…` : text;
  const font = `${look.font} ${FONT_FAMILY}`;
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) return null;
  measure.font = font;
  const pad = look.haloWidth + 1;
  const width = Math.ceil((measure.measureText(shown).width + 2 * pad) * pixelRatio);
  const height = Math.ceil((16 + 2 * pad) * pixelRatio);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(pixelRatio, pixelRatio);
  context.font = font;
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  const y = height / pixelRatio / 2;
  if (look.haloWidth > 0) {
    context.lineWidth = look.haloWidth * 2;
    context.strokeStyle = look.halo;
    context.strokeText(shown, pad, y);
  }
  context.fillStyle = look.fill;
  context.fillText(shown, pad, y);
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}
