import type { SymbolLayerSpecification } from 'maplibre-gl';

type Place = [
  'top' | 'bottom' | 'left' | 'right' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right',
  [number, number],
];

/**
 * Distances from a name's point in ems of its 13 px: beside it, then clear of a cluster circle of
 * up to 20 px and of the biggest, 31 px, each with its margin
 * (features/map/utils/cluster-circles.ts), then past two circles lying either side of the point.
 */
const DISTANCES_EM = [0.5, 2, 2.8, 3.6];

/** Places at one distance: below the point, above it, below or above to either side, beside it. */
const around = (em: number): Place[] => [
  ['top', [0, em]],
  ['bottom', [0, -em]],
  ['top-left', [0, em]],
  ['top-right', [0, em]],
  ['bottom-left', [0, -em]],
  ['bottom-right', [0, -em]],
  ['left', [em, 0]],
  ['right', [-em, 0]],
];

/**
 * The map home's field names as MapLibre text (ADR 30), so a name can move off the cluster and
 * stack counts (placed before it: their layers are above): just below its point, as it always
 * stood, else the nearest free place around it; it is left out only where every place is taken.
 * The style has no glyphs URL: MapLibre draws the letters from the browser's fonts, at the weight
 * the first font's name says.
 */
export const fieldNameLayer = {
  minzoom: 11,
  layout: {
    'text-field': ['get', 'name'],
    'text-font': [
      'Segoe UI Bold',
      '-apple-system',
      'BlinkMacSystemFont',
      'Roboto',
      'Helvetica',
      'Arial',
      'sans-serif',
    ],
    'text-size': 13,
    // One line, however long the name.
    'text-max-width': 40,
    'text-variable-anchor-offset': DISTANCES_EM.flatMap(around).flat(),
    'text-justify': 'auto',
    'text-allow-overlap': false,
    'text-ignore-placement': false,
    'text-padding': 3,
  },
  paint: {
    'text-color': '#2f3b12',
    'text-halo-color': 'rgba(255, 255, 255, 0.95)',
    'text-halo-width': 2,
  },
} satisfies Pick<SymbolLayerSpecification, 'minzoom' | 'layout' | 'paint'>;
