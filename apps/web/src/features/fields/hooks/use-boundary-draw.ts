import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Polygon, Position } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type GeoJSONStoreFeatures,
  TerraDraw,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import {
  assembleBoundary,
  type BoundaryParts,
  boundaryParts,
  DRAW_PRECISION,
} from '@/features/fields/utils/boundary-parts';

export interface BoundaryDraw {
  /** The boundary as drawn now (live while corners are placed); null with nothing drawn. */
  boundary: Boundary | null;
  /** Whether the grower changed the geometry since it was loaded. */
  edited: boolean;
  /** Whether a polygon is being drawn (clicks place corners). */
  drawing: boolean;
  /** False when terra-draw could not take the loaded boundary: it can be renamed, not redrawn. */
  editable: boolean;
  /** Loads a field's boundary to edit its corners, or starts drawing a new one (null). */
  begin: (boundary: Boundary | null) => void;
  /** Draws one more part (a multipolygon). */
  drawPart: () => void;
  /** Removes everything drawn. */
  end: () => void;
}

const ACCENT = '#e8a33d';
const OUTLINE = '#b26b00';

function newDraw(map: MapLibreMap): TerraDraw {
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: DRAW_PRECISION }),
    modes: [
      new TerraDrawPolygonMode({
        styles: { fillColor: ACCENT, fillOpacity: 0.25, outlineColor: OUTLINE, outlineWidth: 2 },
      }),
      new TerraDrawSelectMode({
        flags: {
          polygon: {
            feature: {
              draggable: true,
              coordinates: { draggable: true, midpoints: true, deletable: true },
            },
          },
        },
        styles: {
          selectedPolygonColor: ACCENT,
          selectedPolygonFillOpacity: 0.3,
          selectedPolygonOutlineColor: OUTLINE,
          selectedPolygonOutlineWidth: 3,
          selectionPointColor: '#ffffff',
          selectionPointOutlineColor: OUTLINE,
          selectionPointWidth: 5,
          midPointColor: ACCENT,
          midPointOutlineColor: '#ffffff',
        },
      }),
    ],
  });
}

function drawnPolygons(draw: TerraDraw): GeoJSONStoreFeatures<Polygon>[] {
  return draw
    .getSnapshot()
    .filter(
      (feature): feature is GeoJSONStoreFeatures<Polygon> =>
        feature.properties.mode === 'polygon' && feature.geometry.type === 'Polygon',
    );
}

/**
 * Drawing and editing a boundary on the map with terra-draw: corners placed by clicks, then
 * dragged, inserted (midpoints) or removed. Holes are kept aside (see boundary-parts).
 */
export function useBoundaryDraw(map: MapLibreMap | null): BoundaryDraw {
  const drawRef = useRef<TerraDraw | null>(null);
  const parts = useRef<BoundaryParts>({ outlines: [], holes: [] });
  const [boundary, setBoundary] = useState<Boundary | null>(null);
  const [edited, setEdited] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [editable, setEditable] = useState(true);

  const read = useCallback(() => {
    const draw = drawRef.current;
    if (!draw) return;
    const polygons = drawnPolygons(draw);
    const outlines: Position[][] = polygons.map((feature) => feature.geometry.coordinates[0] ?? []);
    const partOf = polygons.map((feature) =>
      typeof feature.properties.part === 'number' ? feature.properties.part : null,
    );
    setBoundary(assembleBoundary(outlines, partOf, parts.current.holes));
  }, []);

  useEffect(() => {
    if (!map) return;
    const draw = newDraw(map);
    draw.start();
    drawRef.current = draw;
    draw.on('change', (_ids, type, context) => {
      if (type === 'styling') return;
      if (!context || !('origin' in context)) setEdited(true);
      read();
    });
    draw.on('finish', (id, context) => {
      if (context.mode !== 'polygon') return;
      // A closed polygon is edited right away: its corners can be dragged.
      setDrawing(false);
      draw.setMode('select');
      draw.selectFeature(id);
      read();
    });
    return () => {
      drawRef.current = null;
      draw.stop();
    };
  }, [map, read]);

  const begin = useCallback(
    (next: Boundary | null) => {
      const draw = drawRef.current;
      if (!draw) return;
      draw.clear();
      setEdited(false);
      setEditable(true);
      parts.current = next ? boundaryParts(next) : { outlines: [], holes: [] };
      if (!next) {
        draw.setMode('polygon');
        setDrawing(true);
        setBoundary(null);
        return;
      }
      draw.setMode('select');
      setDrawing(false);
      const features = parts.current.outlines.map((outline, part) => ({
        type: 'Feature' as const,
        id: draw.getFeatureId(),
        geometry: { type: 'Polygon' as const, coordinates: [outline] },
        properties: { mode: 'polygon', part },
      }));
      const refused = draw.addFeatures(features).some((result) => !result.valid);
      setEditable(!refused);
      if (refused) draw.clear();
      const [first] = features;
      if (!refused && features.length === 1 && first) draw.selectFeature(first.id);
      read();
    },
    [read],
  );

  const drawPart = useCallback(() => {
    drawRef.current?.setMode('polygon');
    setDrawing(true);
  }, []);

  const end = useCallback(() => {
    const draw = drawRef.current;
    if (draw) {
      draw.clear();
      draw.setMode('static');
    }
    parts.current = { outlines: [], holes: [] };
    setBoundary(null);
    setEdited(false);
    setDrawing(false);
  }, []);

  return { boundary, edited, drawing, editable, begin, drawPart, end };
}
