import type {
  ClustersResponse,
  ClusterTreeResponse,
  MapCluster,
  MapViewQuery,
} from '@baletrack/contracts/map/map';
import Supercluster from 'supercluster';
import type { AppContext } from '../../app-context.ts';
import {
  cellDays,
  cellMeasures,
  readBaleSums,
  readCellSums,
} from '../bales/bale-cells.repository.ts';
import type { BaleSelection } from '../bales/bale-selection.ts';
import {
  addTotals,
  emptyTotals,
  setGradeCounts,
  type Totals,
  toMapCluster,
} from './cluster-totals.ts';

// The map's clusters from the bale cells (docs/adr/0029-many-farms-read-model.md) at the zooms
// where a cell is finer than a cluster: the farm's cells of the dates, each a point at its bales'
// middle carrying their sums, clustered as the bales would be. No process holds the farm's bales,
// and an answer costs by the cells of the dates, not the farm's bales.

/** Deepest zoom the cells answer: a zoom-16 cell is 32 px there, half the clusters' radius. */
export const CELLS_MAX_ZOOM = 13;
/** Ids of the clusters of cells start here, far above the bale indexes' (RECENT_ID_OFFSET). */
export const CELLS_ID_OFFSET = 2 ** 45;
/** A cell alone in the view (no cluster of cells) is this plus its tile's key. */
const LONE_CELL_OFFSET = 2 ** 46;

/** A cell's sums and its zoom-16 tile's key (x × 2^16 + y). */
type CellProps = Totals & { tile: number };
type CellIndex = Supercluster<CellProps, Totals>;
type Feature = ReturnType<CellIndex['getClusters']>[number];

const measure = (name: (typeof cellMeasures)[number]) => cellMeasures.indexOf(name);
const [WEIGHT, MOISTURE, RFV, PROTEIN] = [
  measure('weightKg'),
  measure('avgMoisture'),
  measure('rfv'),
  measure('protein'),
];

/**
 * The index over the organization's cells of the selection and its locked bales: the kept cells,
 * or, where they cannot answer (a filter's condition, dates that cut a UTC day, cells being summed
 * again by another rule), the selection's bales summed into cells alike on the request.
 */
async function cellIndex(
  ctx: AppContext,
  orgId: string,
  selection: BaleSelection,
): Promise<{ index: CellIndex; lockedCount: number; tiles: ReadonlyMap<number, Feature> }> {
  const days = selection.where ? undefined : cellDays(selection.range);
  const kept = days && (await readCellSums(ctx.db, orgId, { ...days, perTile: true }));
  const read = kept ?? (await readBaleSums(ctx.db, orgId, selection));
  // One row per tile: a point at its bales' middle, carrying their sums. Supercluster's clusters
  // depend on the order points come in: by tile, so a view is clustered the same every time.
  read.cells.sort((a, b) => a.cellX - b.cellX || a.cellY - b.cellY);
  const tiles = new Map<number, Feature>();
  for (const cell of read.cells) {
    // One object shape for every cell (no spread or computed keys): supercluster reads them all.
    const totals: CellProps = Object.assign(emptyTotals(), {
      tile: cell.cellX * 65_536 + cell.cellY,
    });
    totals.bales = cell.count;
    totals.weightKg = cell.sums[WEIGHT] as number;
    totals.dryMassKg = cell.dryMassKg;
    totals.moisture = cell.sums[MOISTURE] as number;
    totals.rfv = cell.sums[RFV] as number;
    totals.rfvBales = cell.counts[RFV] as number;
    totals.protein = cell.sums[PROTEIN] as number;
    totals.proteinBales = cell.counts[PROTEIN] as number;
    // Already graded by the table of the cutting's crop, as the summaries grade each bale.
    setGradeCounts(totals, cell.gradeCounts);
    const middle = [cell.lonSum / cell.count, cell.latSum / cell.count];
    tiles.set(totals.tile, {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: middle },
      properties: totals,
    });
  }
  const index: CellIndex = new Supercluster<CellProps, Totals>({
    radius: 60,
    maxZoom: CELLS_MAX_ZOOM,
    // A cell alone is a cluster too: it holds bales, never one bale to draw.
    minPoints: 1,
    map: (cell) => {
      const totals = emptyTotals();
      addTotals(totals, cell);
      return totals;
    },
    reduce: addTotals,
  });
  index.load([...tiles.values()] as Parameters<CellIndex['load']>[0]);
  return { index, lockedCount: read.lockedCount, tiles };
}

function toCluster(index: CellIndex, feature: Feature): MapCluster {
  const [lon, lat] = feature.geometry.coordinates as [number, number];
  const totals = feature.properties as Partial<CellProps> & Totals & { cluster_id?: number };
  const id = totals.cluster_id;
  return toMapCluster(
    {
      // A cell alone (a leaf of the index) has no cluster id: its tile names it.
      id: id === undefined ? LONE_CELL_OFFSET + (totals.tile ?? 0) : CELLS_ID_OFFSET + id,
      lat,
      lon,
      expansionZoom: id === undefined ? CELLS_MAX_ZOOM + 1 : index.getClusterExpansionZoom(id),
    },
    totals,
  );
}

/** `/clusters/get` from the cells at zoom 13 and out; undefined nearer. */
export async function clustersFromCells(
  ctx: AppContext,
  orgId: string,
  view: MapViewQuery,
  selection: BaleSelection,
): Promise<ClustersResponse | undefined> {
  if (Math.floor(view.zoom) > CELLS_MAX_ZOOM) return undefined;
  const built = await cellIndex(ctx, orgId, selection);
  const features = built.index.getClusters(
    [view.west, view.south, view.east, view.north],
    Math.floor(view.zoom),
  );
  return {
    clusters: features.map((feature) => toCluster(built.index, feature)),
    bales: [],
    stacks: [],
    lockedCount: built.lockedCount,
  };
}

/**
 * `/cluster-tree/get` of a cluster of cells (its id at or above CELLS_ID_OFFSET); undefined when
 * the cells of its dates and filter do not hold it (any more).
 */
export async function cellClusterChildren(
  ctx: AppContext,
  orgId: string,
  clusterId: number,
  selection: BaleSelection,
): Promise<ClusterTreeResponse | undefined> {
  const built = await cellIndex(ctx, orgId, selection);
  if (clusterId >= LONE_CELL_OFFSET) {
    // A cell alone has no cluster below it: its bales are read one zoom nearer, where it splits.
    if (!built.tiles.has(clusterId - LONE_CELL_OFFSET)) return undefined;
    return { clusterId, expansionZoom: CELLS_MAX_ZOOM + 1, clusters: [], bales: [], stacks: [] };
  }
  const id = clusterId - CELLS_ID_OFFSET;
  try {
    const children = built.index.getChildren(id);
    return {
      clusterId,
      expansionZoom: built.index.getClusterExpansionZoom(id),
      clusters: children.map((child) => toCluster(built.index, child)),
      bales: [],
      stacks: [],
    };
  } catch {
    // Supercluster throws for an id its index does not hold (stale, or never issued).
    return undefined;
  }
}
