/**
 * Satellite imagery the map shows when the operator configures none (MAP_TILE_URL wins):
 * the USGS National Map's orthoimagery, public domain and usable without a key
 * (docs/adr/0014-basemap-and-default-imagery.md). It covers the United States only, so the
 * map asks for tiles only inside `bounds`; elsewhere the bundled basemap shows alone.
 * Shared by the web app (the layer) and the server (its content security policy).
 */
export const defaultImagery = {
  tileUrl:
    'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}',
  attribution: 'Imagery: U.S. Geological Survey, The National Map',
  /** Deepest level the service has tiles for; MapLibre enlarges them beyond. */
  maxZoom: 16,
  /** West, south, east, north: the 50 states, Puerto Rico and the Virgin Islands. */
  bounds: [-179.2, 17.6, -64.5, 71.5] as [number, number, number, number],
} as const;

/** The origin tiles come from, for the content security policy. */
export function imageryOrigin(tileUrl: string): string {
  return new URL(tileUrl.replace(/[{}]/g, '')).origin;
}
