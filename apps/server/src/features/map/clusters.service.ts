import {
  type ClustersResponse,
  type ClusterTreeQuery,
  type ClusterTreeResponse,
  type MapBale,
  type MapCluster,
  type MapStack,
  type MapViewQuery,
  mapMessages,
} from '@baletrack/contracts/map/map';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import type { BaleColumns } from '../summaries/summary-columns.ts';
import {
  readSummaryReference,
  type SummaryReference,
} from '../summaries/summary-reference.repository.ts';
import type { PointIndex } from './cluster-index.ts';
import { gradeName, toMapCluster } from './cluster-totals.ts';
import { CELLS_ID_OFFSET, cellClusterChildren, clustersFromCells } from './clusters-from-cells.ts';
import { mapGrades } from './map-grades.ts';
import { countLocked } from './map-index.ts';
import type { FarmSnapshot } from './map-snapshot.ts';

type Feature = ReturnType<PointIndex['getClusters']>[number];
type Items = ReturnType<typeof toMapItems>;

/** Clusters, loose bales and stacks in a map view, plus the farm's locked-bale count. */
export async function clustersInView(
  ctx: AppContext,
  orgId: string,
  view: MapViewQuery,
): Promise<ClustersResponse> {
  // Zoomed out, without a filter's condition: the bale cells answer, no bale index is read.
  const selection = await baleSelection(ctx, orgId, view);
  const fromCells = await clustersFromCells(ctx, orgId, view, selection);
  if (fromCells) return fromCells;
  const mapIndex = ctx.mapIndex;
  const { snapshot, reference, columns } = await readInputs(ctx, orgId);
  const { range } = selection;
  const [subset, grades] = await Promise.all([
    mapIndex.subset(snapshot, selection),
    mapGrades(ctx.summaryCache, orgId, snapshot.baleVersion, reference, columns),
  ]);
  const { parts } = await mapIndex.clusters(snapshot, range, subset, grades);
  // The full index's answer, then the recent bales' (clustered among themselves) beside it.
  const items = parts.map(({ index, idOffset }) => {
    const features = index.getClusters([view.west, view.south, view.east, view.north], view.zoom);
    return toMapItems(index, features, idOffset);
  });
  return { ...concatItems(items), lockedCount: countLocked(snapshot, range) };
}

/** The children of one cluster (same dates and filter as the /clusters/get call it came from). */
export async function clusterChildren(
  ctx: AppContext,
  orgId: string,
  query: ClusterTreeQuery,
): Promise<ClusterTreeResponse> {
  const selection = await baleSelection(ctx, orgId, query);
  if (query.clusterId >= CELLS_ID_OFFSET) {
    const children = await cellClusterChildren(ctx, orgId, query.clusterId, selection);
    if (!children) throw new AppError('NOT_FOUND', mapMessages.clusterNotFound);
    return children;
  }
  const mapIndex = ctx.mapIndex;
  const { snapshot, reference, columns } = await readInputs(ctx, orgId);
  const [subset, grades] = await Promise.all([
    mapIndex.subset(snapshot, selection),
    mapGrades(ctx.summaryCache, orgId, snapshot.baleVersion, reference, columns),
  ]);
  const { parts } = await mapIndex.clusters(snapshot, selection.range, subset, grades);
  // Ids at or above a part's offset are that part's (the recent bales' index sits highest).
  const part = parts.findLast(({ idOffset }) => query.clusterId >= idOffset);
  let children: Feature[] | undefined;
  let expansionZoom = 0;
  try {
    const id = query.clusterId - (part?.idOffset ?? 0);
    children = part?.index.getChildren(id);
    expansionZoom = part?.index.getClusterExpansionZoom(id) ?? 0;
  } catch {
    // Supercluster throws for an id its index does not hold (stale, or never issued).
  }
  if (!part || !children) throw new AppError('NOT_FOUND', mapMessages.clusterNotFound);
  return {
    clusterId: query.clusterId,
    expansionZoom,
    ...toMapItems(part.index, children, part.idOffset),
  };
}

/**
 * The snapshot, the cuttings and crops the grades depend on and the summaries' bale columns the
 * grades come from. The reference query also reads the bales' stamp, which both caches then use
 * (after a restart both load from one read).
 */
async function readInputs(
  ctx: AppContext,
  orgId: string,
): Promise<{ snapshot: FarmSnapshot; reference: SummaryReference; columns: BaleColumns }> {
  const reference = await readSummaryReference(ctx.db, orgId);
  const [snapshot, columns] = await Promise.all([
    ctx.mapIndex.snapshot(orgId, reference.stamp),
    ctx.summaryCache.columns(orgId, reference.stamp),
  ]);
  return { snapshot, reference, columns };
}

function concatItems(items: Items[]): Items {
  const [first, ...rest] = items;
  const all: Items = { clusters: [], bales: [], stacks: [], ...first };
  for (const more of rest) {
    all.clusters = [...all.clusters, ...more.clusters];
    all.bales = [...all.bales, ...more.bales];
    all.stacks = [...all.stacks, ...more.stacks];
  }
  return all;
}

function toMapItems(index: PointIndex, features: Feature[], idOffset: number) {
  const clusters: MapCluster[] = [];
  const bales: MapBale[] = [];
  const stacks: MapStack[] = [];
  for (const feature of features) {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const expansionZoom = index.getClusterExpansionZoom(props.cluster_id);
      clusters.push(
        toMapCluster({ id: props.cluster_id + idOffset, lat, lon, expansionZoom }, props),
      );
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
        protein: bale.protein,
        baleSize: bale.baleSize,
        grade: gradeName(props.grade),
      });
    }
  }
  return { clusters, bales, stacks };
}
