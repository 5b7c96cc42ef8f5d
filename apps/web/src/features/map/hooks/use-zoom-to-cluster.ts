import type { MapCluster } from '@baletrack/contracts/map/map';
import { type RefObject, useCallback } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { ExtentFilter } from '@/features/map/api/get-bales-extent';
import { getClusterTree } from '@/features/map/api/get-cluster-tree';
import { clusterCamera, fittedZoom } from '@/features/map/utils/cluster-zoom';
import type { MapPadding } from '@/features/map/utils/map-padding';

/** Deepest a cluster click goes: every bale is drawn on its own well before. */
const MAX_CLUSTER_ZOOM = 18;

type ClickedCluster = Pick<MapCluster, 'id' | 'lon' | 'lat' | 'expansionZoom'>;

/**
 * Zooms onto a cluster where it splits and fits its children (read from /cluster-tree/get)
 * in the room the panels leave; without them, onto its point at its expansion zoom.
 */
export function useZoomToCluster(
  mapRef: RefObject<MapRef | null>,
  options: { filter: ExtentFilter | undefined; padding: () => MapPadding; duration: number },
) {
  const { filter, padding, duration } = options;
  return useCallback(
    async (cluster: ClickedCluster) => {
      const children = await getClusterTree({ clusterId: cluster.id, ...filter }).catch(() => null);
      const map = mapRef.current;
      if (!map) return;
      const camera = clusterCamera(cluster, map.getZoom(), children);
      if (camera.kind === 'center') {
        map.easeTo({ center: [camera.lon, camera.lat], zoom: camera.zoom, duration });
        return;
      }
      const { west, south, east, north } = camera.bounds;
      const fit = map.cameraForBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: padding() },
      );
      const zoom = fittedZoom(fit?.zoom, camera.minZoom, MAX_CLUSTER_ZOOM);
      // The fitted centre allows for the panels at the fitted zoom only; nearer, the middle.
      const middle: [number, number] = [(west + east) / 2, (south + north) / 2];
      const center = fit?.center && fit.zoom === zoom ? fit.center : middle;
      map.easeTo({ center, zoom, duration });
    },
    [mapRef, filter, padding, duration],
  );
}
