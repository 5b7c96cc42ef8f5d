import type { ErrorEvent as MapErrorEvent } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { ImageryChoice } from '@/lib/map-imagery';

interface ImageryLayerProps {
  id: string;
  source: ImageryChoice;
  /** The map's imagery slot: over the land, beneath borders, fields and bales. */
  beforeId: string;
  /** Makes a tile template absolute for MapLibre's worker. */
  tileUrl: (template: string) => string;
}

/** Satellite tiles at the imagery slot; a tile that fails leaves the basemap showing. */
export function ImageryLayer({ id, source, beforeId, tileUrl }: ImageryLayerProps) {
  return (
    <Source
      id={id}
      type="raster"
      tiles={[tileUrl(source.tileUrl)]}
      tileSize={256}
      maxzoom={source.maxZoom}
      {...(source.bounds && { bounds: source.bounds })}
      attribution={source.attribution}
    >
      <Layer id={id} type="raster" beforeId={beforeId} />
    </Source>
  );
}

/**
 * Map errors worth logging: tiles of imagery that cannot be reached (offline, outside the
 * provider's coverage) are expected and stay quiet.
 */
export function logMapError(event: MapErrorEvent & { sourceId?: string }, imageryId: string) {
  if (event.sourceId === imageryId) return;
  console.error(event.error);
}
