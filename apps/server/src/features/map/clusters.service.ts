import {
  type ClustersResponse,
  type ClusterTreeQuery,
  type ClusterTreeResponse,
  type MapBale,
  type MapCluster,
  type MapViewQuery,
  mapMessages,
  type Stack,
} from '@baletrack/contracts/map/map';
import type Supercluster from 'supercluster';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import { type ClusterPointProps, countLocked, round, type Totals } from './map-index.ts';

type Index = Supercluster<ClusterPointProps, Totals>;
type Feature = ReturnType<Index['getClusters']>[number];

/** Clusters, loose bales and stacks in a map view, plus the farm's locked-bale count. */
export async function clustersInView(
  ctx: AppContext,
  orgId: string,
  view: MapViewQuery,
): Promise<ClustersResponse> {
  const mapIndex = ctx.mapIndex;
  const [snapshot, selection] = await Promise.all([
    mapIndex.snapshot(orgId),
    baleSelection(ctx, orgId, view),
  ]);
  const { range } = selection;
  const { index } = mapIndex.clusters(snapshot, range, await mapIndex.subset(snapshot, selection));
  const features = index.getClusters([view.west, view.south, view.east, view.north], view.zoom);
  return { ...toMapItems(index, features), lockedCount: countLocked(snapshot, range) };
}

/** The children of one cluster (same dates and filter as the /clusters/get call it came from). */
export async function clusterChildren(
  ctx: AppContext,
  orgId: string,
  query: ClusterTreeQuery,
): Promise<ClusterTreeResponse> {
  const mapIndex = ctx.mapIndex;
  const [snapshot, selection] = await Promise.all([
    mapIndex.snapshot(orgId),
    baleSelection(ctx, orgId, query),
  ]);
  const subset = await mapIndex.subset(snapshot, selection);
  const { index } = mapIndex.clusters(snapshot, selection.range, subset);
  let children: Feature[];
  let expansionZoom: number;
  try {
    children = index.getChildren(query.clusterId);
    expansionZoom = index.getClusterExpansionZoom(query.clusterId);
  } catch {
    // Supercluster throws for an id its index does not hold (stale, or never issued).
    throw new AppError('NOT_FOUND', mapMessages.clusterNotFound);
  }
  return { clusterId: query.clusterId, expansionZoom, ...toMapItems(index, children) };
}

function toMapItems(index: Index, features: Feature[]) {
  const clusters: MapCluster[] = [];
  const bales: MapBale[] = [];
  const stacks: Stack[] = [];
  for (const feature of features) {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      clusters.push({
        id: props.cluster_id,
        lat,
        lon,
        count: props.bales,
        avgWeightKg: round(props.weightKg / props.bales),
        avgMoisture: round(props.moisture / props.bales),
        avgRfv: props.rfvBales === 0 ? null : round(props.rfv / props.rfvBales),
        expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
      });
    } else if ('stack' in props) {
      stacks.push(props.stack);
    } else if ('bale' in props) {
      const { bale } = props;
      bales.push({
        uid: bale.uid,
        lat: bale.lat,
        lon: bale.lon,
        weightKg: bale.weightKg,
        avgMoisture: bale.avgMoisture,
        rfv: bale.rfv,
        baleSize: bale.baleSize,
      });
    }
  }
  return { clusters, bales, stacks };
}
