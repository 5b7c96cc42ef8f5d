import { defaultImagery } from '@baletrack/contracts/map/imagery';

/** Satellite imagery as the map draws it: the operator's tiles, or else the default provider. */
export interface ImageryChoice {
  /** XYZ template, `{z}/{x}/{y}` kept as written. */
  tileUrl: string;
  attribution: string;
  maxZoom: number;
  /** Where tiles exist; MapLibre asks for none outside. */
  bounds?: [number, number, number, number];
  /** The operator's own tile URL (MAP_TILE_URL): shown first, whatever a probe says. */
  byOperator: boolean;
}

/**
 * The imagery for a deployment: the operator's MAP_TILE_URL wins; without it, the public-domain
 * USGS imagery, unless the operator turned it off (then null: the offline basemap only;
 * docs/adr/0014-basemap-and-default-imagery.md).
 *
 * @example chooseImagery({})?.byOperator // false: the default provider
 * @example chooseImagery({ mapDefaultImagery: false }) // null
 */
export function chooseImagery(config: {
  mapTileUrl?: string | undefined;
  mapTileAttribution?: string | undefined;
  mapDefaultImagery?: boolean | undefined;
}): ImageryChoice | null {
  if (config.mapTileUrl) {
    return {
      tileUrl: config.mapTileUrl,
      attribution: config.mapTileAttribution ?? '',
      maxZoom: 22,
      byOperator: true,
    };
  }
  if (config.mapDefaultImagery === false) return null;
  return {
    tileUrl: defaultImagery.tileUrl,
    attribution: defaultImagery.attribution,
    maxZoom: defaultImagery.maxZoom,
    bounds: [...defaultImagery.bounds],
    byOperator: false,
  };
}

/** One tile's URL from a template (the probe asks for the whole world's tile, 0/0/0). */
export function tileAt(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

const PROBE_TIMEOUT_MS = 4_000;
const probes = new Map<string, Promise<boolean>>();

/**
 * Whether the browser reaches the imagery: one small tile fetched once per page load. Without
 * internet (a farm's own network, CI) it fails fast and the map stays on the bundled basemap.
 */
export function canReachImagery(choice: ImageryChoice): Promise<boolean> {
  let probe = probes.get(choice.tileUrl);
  if (!probe) {
    probe = fetch(tileAt(choice.tileUrl, 0, 0, 0), {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      credentials: 'omit',
    }).then(
      (response) => response.ok,
      () => false,
    );
    probes.set(choice.tileUrl, probe);
  }
  return probe;
}
