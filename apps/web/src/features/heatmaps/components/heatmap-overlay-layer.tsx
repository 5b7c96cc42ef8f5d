import type {
  HeatmapGrid,
  HeatmapOverlayResponse,
  HeatmapQuery,
} from '@baletrack/contracts/heatmaps/heatmap';
import type { FeatureCollection, Point } from 'geojson';
import { useMemo } from 'react';
import { Layer, Source, type SourceProps } from 'react-map-gl/maplibre';
import { useHeatmapInput } from '@/features/heatmaps/api/get-heatmap-input';
import { useHeatmapOverlay } from '@/features/heatmaps/api/get-heatmap-overlay';
import { classColors } from '@/features/heatmaps/utils/heatmap-legend';
import { overlayPixels } from '@/features/heatmaps/utils/overlay-pixels';

/** The grid painted one pixel a cell; MapLibre stretches it over the grid's corners. */
function paint(overlay: HeatmapOverlayResponse): HTMLCanvasElement | undefined {
  const { grid, classes, measure } = overlay;
  if (!grid) return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = grid.cols;
  canvas.height = grid.rows;
  const pixels = overlayPixels(grid, classes, classColors(measure, classes.length));
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const image = context.createImageData(grid.cols, grid.rows);
  image.data.set(pixels);
  context.putImageData(image, 0, 0);
  return canvas;
}

/**
 * MapLibre's canvas source. react-map-gl types only the style specification's sources but hands
 * any source to `map.addSource`, which takes this one.
 */
function canvasSource(canvas: HTMLCanvasElement, grid: HeatmapGrid): SourceProps {
  const { west, south, east, north } = grid;
  const source = {
    id: 'heatmap-overlay',
    type: 'canvas',
    canvas,
    animate: false,
    coordinates: [
      [west, north],
      [east, north],
      [east, south],
      [west, south],
    ],
  };
  return source as unknown as SourceProps;
}

interface HeatmapOverlayLayerProps {
  query: HeatmapQuery | undefined;
  /** The layer the overlay goes beneath (the fields' slot: bales stay on top). */
  beforeId: string;
}

/**
 * The Overlay type: the field's interpolated cells as one image (a canvas source, drawn by the
 * GPU, no fetch), and small dots where the bales it was interpolated from were made.
 */
export function HeatmapOverlayLayer({ query, beforeId }: HeatmapOverlayLayerProps) {
  const overlay = useHeatmapOverlay(query);
  const input = useHeatmapInput(query);
  const canvas = useMemo(() => (overlay.data ? paint(overlay.data) : undefined), [overlay.data]);
  const samples = useMemo(
    (): FeatureCollection<Point> => ({
      type: 'FeatureCollection',
      features: (input.data?.points ?? []).map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
        properties: {},
      })),
    }),
    [input.data],
  );
  const grid = overlay.data?.grid;
  if (!query || !canvas || !grid) return null;
  return (
    <>
      {/* A canvas source cannot swap its canvas: a new grid mounts a new source. */}
      <Source key={overlay.dataUpdatedAt} {...canvasSource(canvas, grid)}>
        <Layer
          id="heatmap-overlay"
          type="raster"
          beforeId={beforeId}
          paint={{
            'raster-opacity': 0.8,
            // Cells blend into their neighbours: the field reads as one surface.
            'raster-resampling': 'linear',
            'raster-fade-duration': 0,
          }}
        />
      </Source>
      <Source id="heatmap-samples" type="geojson" data={samples}>
        <Layer
          id="heatmap-samples"
          type="circle"
          beforeId={beforeId}
          // Faint, so a dense field's bales do not speckle the surface they were read into.
          paint={{
            'circle-radius': ['interpolate', ['linear'], ['zoom'], 14, 0.6, 18, 2],
            'circle-color': '#1c2014',
            'circle-opacity': 0.3,
          }}
        />
      </Source>
    </>
  );
}
