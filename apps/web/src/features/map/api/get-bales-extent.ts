import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import type { ClusterTreeResponse, MapCluster } from '@baletrack/contracts/map/map';
import { queryOptions } from '@tanstack/react-query';
import { getClusterTree } from '@/features/map/api/get-cluster-tree';
import { getClusters } from '@/features/map/api/get-clusters';
import { mapKeys } from '@/features/map/api/map-keys';
import { childrenBounds, treeItemsBounds, unionBounds } from '@/features/map/utils/cluster-zoom';
import { itemsBounds } from '@/features/map/utils/map-features';
import type { ViewBounds } from '@/features/map/utils/view-query';

export type ExtentFilter = BaleTimeFilter & { filterId?: string };

// Children of at most this many clusters are read to refine the box.
const REFINE_LIMIT = 8;

/**
 * The box around the organization's bales (within the dates and filter), or null without any:
 * the whole world's clusters from /clusters/get, refined two levels down through
 * /cluster-tree/get (a cluster's point is its bales' middle, not their extent).
 */
export async function getBalesExtent(
  filter: ExtentFilter,
  signal?: AbortSignal,
): Promise<ViewBounds | null> {
  const world = await getClusters(
    { west: -180, south: -85, east: 180, north: 85, zoom: 0, ...filter },
    signal,
  );
  // Bales and stacks found so far, and the clusters of the deepest level read.
  const boxes: ViewBounds[] = [];
  const loose = itemsBounds({ ...world, clusters: [] });
  if (loose) boxes.push(loose);
  let clusters = world.clusters;
  let trees: ClusterTreeResponse[] = [];
  for (
    let level = 0;
    level < 2 && clusters.length > 0 && clusters.length <= REFINE_LIMIT;
    level++
  ) {
    const children = await Promise.all(
      clusters.map((cluster) =>
        getClusterTree({ clusterId: cluster.id, ...filter }, signal).catch(() => null),
      ),
    );
    if (children.some((child) => child === null)) break;
    trees = children as ClusterTreeResponse[];
    for (const [i, tree] of trees.entries()) {
      const found = treeItemsBounds(clusters[i] as MapCluster, tree);
      if (found) boxes.push(found);
    }
    clusters = trees.flatMap((tree) => tree.clusters);
  }
  // The last clusters read stand for bales lying around them.
  if (trees.length > 0) {
    for (const tree of trees) {
      const around = childrenBounds({ ...tree, bales: [], stacks: [] });
      if (around) boxes.push(around);
    }
  } else {
    const points = itemsBounds({ ...world, bales: [], stacks: [] });
    if (points) boxes.push(points);
  }
  return unionBounds(boxes);
}

export function balesExtentQueryOptions(filter: ExtentFilter) {
  return queryOptions({
    queryKey: mapKeys.extent(filter),
    queryFn: ({ signal }) => getBalesExtent(filter, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Kept, but "no bales yet" is asked again each time: the first bales may have arrived.
    refetchOnMount: (query) => (query.state.data === null ? 'always' : false),
  });
}
