import type { ClusterTreeResponse, MapCluster } from '@baletrack/contracts/map/map';
import { itemsBounds } from '@/features/map/utils/map-features';
import type { ViewBounds } from '@/features/map/utils/view-query';

/**
 * The server clusters bales within this many pixels of each other (apps/server's cluster index,
 * radius 60 at 512-pixel tiles): a child cluster's bales lie about that far around its point.
 */
export const CLUSTER_RADIUS_PX = 60;

/** Where a clicked cluster takes the map. */
export type ClusterCamera =
  | { kind: 'fit'; bounds: ViewBounds; minZoom: number }
  | { kind: 'center'; lon: number; lat: number; zoom: number };

/**
 * The view that shows a cluster split: its children's box fitted to the screen, never less
 * than the zoom where the index splits it (the answer's zoom is a whole level, so the map
 * must reach that level for the next answer to hold the children). Without its children (the
 * bales changed since), the cluster's point at its expansion zoom, at least one level in.
 *
 * @example clusterCamera({ lon: 1, lat: 2, expansionZoom: 9 }, 8, null) // center at zoom 9
 */
export function clusterCamera(
  cluster: Pick<MapCluster, 'lon' | 'lat' | 'expansionZoom'>,
  currentZoom: number,
  children: ClusterTreeResponse | null,
): ClusterCamera {
  const minZoom = Math.max(cluster.expansionZoom, Math.floor(currentZoom) + 1);
  const bounds = children ? childrenBounds(children) : null;
  if (!bounds) return { kind: 'center', lon: cluster.lon, lat: cluster.lat, zoom: minZoom };
  return { kind: 'fit', bounds, minZoom };
}

/**
 * The box around a cluster's bales as its children tell it: bales and stacks where they lie,
 * child clusters widened by the radius their bales may lie within at the children's zoom.
 */
export function childrenBounds(children: ClusterTreeResponse): ViewBounds | null {
  const points = itemsBounds({ ...children, clusters: [], lockedCount: 0 });
  const degrees = (CLUSTER_RADIUS_PX * 360) / (512 * 2 ** children.expansionZoom);
  const boxes = children.clusters.map((c) => {
    const lat = degrees * Math.cos((c.lat * Math.PI) / 180);
    return { west: c.lon - degrees, east: c.lon + degrees, south: c.lat - lat, north: c.lat + lat };
  });
  if (points) boxes.push(points);
  return unionBounds(boxes);
}

/**
 * The box of the bales and stacks a cluster's tree holds (its child clusters aside); when nothing
 * lies below the cluster at its zoom (a bale cell alone), the cluster's own point.
 */
export function treeItemsBounds(
  cluster: Pick<MapCluster, 'lon' | 'lat'>,
  tree: ClusterTreeResponse,
): ViewBounds | null {
  if (tree.clusters.length + tree.bales.length + tree.stacks.length === 0) {
    return { west: cluster.lon, east: cluster.lon, south: cluster.lat, north: cluster.lat };
  }
  return itemsBounds({ ...tree, clusters: [], lockedCount: 0 });
}

/** The box around boxes, or null without any. */
export function unionBounds(boxes: ViewBounds[]): ViewBounds | null {
  if (boxes.length === 0) return null;
  return {
    west: Math.min(...boxes.map((b) => b.west)),
    south: Math.min(...boxes.map((b) => b.south)),
    east: Math.max(...boxes.map((b) => b.east)),
    north: Math.max(...boxes.map((b) => b.north)),
  };
}

/**
 * The zoom a fitted box gets, clamped to the least that splits the cluster and to the deepest
 * the map goes (children lying on one spot have a box of no size).
 */
export function fittedZoom(fitZoom: number | undefined, minZoom: number, maxZoom: number): number {
  const zoom = fitZoom === undefined || !Number.isFinite(fitZoom) ? minZoom : fitZoom;
  return Math.min(maxZoom, Math.max(minZoom, zoom));
}
