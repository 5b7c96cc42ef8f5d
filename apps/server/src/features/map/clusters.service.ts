import {
  type ClustersResponse,
  type ClusterTreeQuery,
  type ClusterTreeResponse,
  type MapViewQuery,
  mapMessages,
} from '@baletrack/contracts/map/map';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import { CELLS_ID_OFFSET, cellClusterChildren, clustersFromCells } from './clusters-from-cells.ts';
import { BLOCK_ID_OFFSET, blockClusterChildren, clustersInBlocks } from './clusters-in-blocks.ts';

// The map's clusters, read from the database on every request (docs/adr/0029-many-farms-read-model.md,
// docs/adr/0041-map-views-the-cells-cannot-answer.md): the bale cells at zoom 13 and out, the blocks nearer.

/** Clusters, loose bales and stacks in a map view, plus the farm's locked-bale count. */
export async function clustersInView(
  ctx: AppContext,
  orgId: string,
  view: MapViewQuery,
): Promise<ClustersResponse> {
  const selection = await baleSelection(ctx, orgId, view);
  return (
    (await clustersFromCells(ctx, orgId, view, selection)) ??
    clustersInBlocks(ctx, orgId, view, selection)
  );
}

/** The children of one cluster (same dates and filter as the /clusters/get call it came from). */
export async function clusterChildren(
  ctx: AppContext,
  orgId: string,
  query: ClusterTreeQuery,
): Promise<ClusterTreeResponse> {
  const selection = await baleSelection(ctx, orgId, query);
  const { clusterId } = query;
  const children =
    clusterId >= BLOCK_ID_OFFSET
      ? await blockClusterChildren(ctx, orgId, clusterId, selection)
      : clusterId >= CELLS_ID_OFFSET
        ? await cellClusterChildren(ctx, orgId, clusterId, selection)
        : undefined;
  if (!children) throw new AppError('NOT_FOUND', mapMessages.clusterNotFound);
  return children;
}
