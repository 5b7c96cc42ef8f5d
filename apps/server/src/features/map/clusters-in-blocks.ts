import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type {
  ClustersResponse,
  ClusterTreeResponse,
  MapBale,
  MapCluster,
  MapStack,
  MapViewQuery,
} from '@baletrack/contracts/map/map';
import { hayGrade } from '@baletrack/domain/quality-grade/hay-grade';
import type { ForageKind } from '@baletrack/domain/quality-grade/quality-grade';
import { stackGrade } from '@baletrack/domain/quality-grade/stack-grade';
import Supercluster from 'supercluster';
import type { AppContext } from '../../app-context.ts';
import { StampedEntries } from '../../lib/stamped-cache.ts';
import { Turns } from '../../lib/turns.ts';
import { cellDays, cellsCurrent, countLockedBales } from '../bales/bale-cells.repository.ts';
import type { BaleSelection } from '../bales/bale-selection.ts';
import { readBaleStamp } from '../bales/bale-stamps.repository.ts';
import {
  readLoneBales,
  readTileSums,
  readViewCells,
  TILE_ZOOM,
  type TileArea,
  type TileBox,
  type ViewCell,
} from '../bales/bale-tiles.repository.ts';
import {
  type GradedStackBale,
  gradeMovedBales,
  listMovedUidsKept,
  movedGrading,
  readFarmMovedBales,
} from '../bales/stacks.repository.ts';
import { inTimeRange } from '../bales/time-range.ts';
import {
  addBale,
  addTotals,
  emptyTotals,
  gradeName,
  setGradeCounts,
  summarizeStack,
  type Totals,
  toMapCluster,
} from './cluster-totals.ts';
import { CELLS_MAX_ZOOM } from './clusters-from-cells.ts';
import { type MapGrades, UNGRADED } from './map-grades.ts';

// The map nearer than the bale cells answer (zoom 14 to 16), read from the database on each
// request (docs/adr/0041-map-views-the-cells-cannot-answer.md). The world is cut into blocks, the tiles one
// zoom out from the view (512 px across); each block's bales are summed per tile of 32 px in SQL
// and clustered on their own, with the stacks and the bales that moved lying there. A cluster's
// id names its block, so its children are the same on any later request; clusters never reach
// across a block's edge. Past zoom 16 every bale in view is drawn: the same reads, bale by bale.

/** The nearest zoom the blocks cluster at; past it every bale and stack is drawn. */
const BLOCKS_MAX_ZOOM = 16;
/** Ids of the blocks' clusters start here, above the cells' (CELLS_ID_OFFSET, LONE_CELL_OFFSET). */
export const BLOCK_ID_OFFSET = 2 ** 47;
/** A block's own ids: supercluster's below LEAF, a point alone at LEAF plus its place. */
const LOCAL_IDS = 2 ** 20;
const LEAF = 2 ** 19;
/** Tiles of bales are this many zooms finer than the view (32 px). */
const FINER = 3;

/** One point of a block: a tile of bales, a moved bale alone, or a stack. */
interface BlockPoint {
  totals: Totals;
  /** A tile of one bale, or a moved bale alone: that bale. */
  bale: MapBale | null;
  stack: MapStack | null;
  /** Its place among the block's points (a lone tile's id). */
  at: number;
  /** A tile of bales: its key at the tiles' zoom, and its sums. */
  tile: number | null;
  cell?: ViewCell;
}
type BlockIndex = Supercluster<BlockPoint, Totals>;
type Feature = ReturnType<BlockIndex['getClusters']>[number];

interface Block {
  zoom: number;
  x: number;
  y: number;
  points: BlockPoint[];
  positions: [lon: number, lat: number][];
}

const kinds: Record<string, ForageKind> = { true: 'legume', false: 'grass' };

/** A moved bale's grade by its cutting's crop, as the cells grade the rest (an index in hayGrades). */
function gradeOf(bale: GradedStackBale): number {
  const kind = bale.legume === null ? null : (kinds[String(bale.legume)] ?? null);
  const grade = hayGrade(kind, bale)?.grade;
  return grade === undefined ? UNGRADED : hayGrades.indexOf(grade);
}

const movedGrades: MapGrades<GradedStackBale> = {
  key: 'moved',
  of: gradeOf,
  ofStack(members) {
    const grade = stackGrade(
      members.map((m) => ({
        kind: m.legume === null ? null : (kinds[String(m.legume)] ?? null),
        rfv: m.rfv,
        adf: m.adf,
        ndf: m.ndf,
        protein: m.protein,
      })),
    )?.grade;
    return grade === undefined ? UNGRADED : hayGrades.indexOf(grade);
  },
};

const lonToX = (lon: number, zoom: number) =>
  Math.min(2 ** zoom - 1, Math.max(0, Math.floor(((lon + 180) / 360) * 2 ** zoom)));
function latToY(lat: number, zoom: number): number {
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return Math.min(2 ** zoom - 1, Math.max(0, Math.floor(y * 2 ** zoom)));
}
const xToLon = (x: number, zoom: number) => (x / 2 ** zoom) * 360 - 180;
const yToLat = (y: number, zoom: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** zoom))) * 180) / Math.PI;

/** The box of tiles x0…x1, y0…y1 at a zoom. */
const tilesBox = (zoom: number, x0: number, y0: number, x1: number, y1: number) => ({
  west: xToLon(x0, zoom),
  east: xToLon(x1 + 1, zoom),
  north: yToLat(y0, zoom),
  south: yToLat(y1 + 1, zoom),
});

/** A tile of bales as a point: its bales' middle, their sums; one bale is that bale. */
function cellPoint(cell: ViewCell, at: number): { point: BlockPoint; position: [number, number] } {
  const totals = emptyTotals();
  totals.bales = cell.count;
  totals.weightKg = cell.weightKg;
  totals.dryMassKg = cell.dryMassKg;
  totals.moisture = cell.moisture;
  totals.rfv = cell.rfv;
  totals.rfvBales = cell.rfvBales;
  totals.protein = cell.protein;
  totals.proteinBales = cell.proteinBales;
  setGradeCounts(totals, cell.gradeCounts);
  const lon = cell.lonSum / cell.count;
  const lat = cell.latSum / cell.count;
  const bale: MapBale | null =
    cell.count === 1 && cell.uid !== ''
      ? {
          uid: cell.uid,
          lat,
          lon,
          weightKg: cell.weightKg,
          avgMoisture: cell.moisture,
          rfv: cell.rfvBales === 1 ? cell.rfv : null,
          protein: cell.proteinBales === 1 ? cell.protein : null,
          baleSize: cell.baleSize as MapBale['baleSize'],
          grade: gradeName(cell.gradeCounts.indexOf(1)),
        }
      : null;
  return { point: { totals, bale, stack: null, at, tile: cell.tile, cell }, position: [lon, lat] };
}

/** A moved bale lying alone as a point. */
function movedPoint(bale: GradedStackBale, at: number) {
  const totals = emptyTotals();
  const grade = gradeOf(bale);
  addBale(totals, bale, grade);
  const drawn: MapBale = {
    uid: bale.uid,
    lat: bale.lat,
    lon: bale.lon,
    weightKg: bale.weightKg,
    avgMoisture: bale.avgMoisture,
    rfv: bale.rfv,
    protein: bale.protein,
    baleSize: bale.baleSize,
    grade: gradeName(grade),
  };
  const point: BlockPoint = { totals, bale: drawn, stack: null, at, tile: null };
  return { point, position: [bale.lon, bale.lat] as [number, number] };
}

/**
 * The selection's bales that never moved in the tiles of `tiles`, summed per tile: from the kept
 * bale tiles when they can answer (no filter's condition, whole UTC days, tiles of this release's
 * rule), else from the bales in the box.
 */
async function viewCells(
  ctx: AppContext,
  orgId: string,
  selection: BaleSelection,
  tiles: TileArea,
  box: TileBox,
): Promise<ViewCell[]> {
  const days = selection.where ? undefined : cellDays(selection.range);
  const kept =
    days && tiles.zoom <= TILE_ZOOM
      ? await readTileSums(ctx.db, orgId, days, tiles, cellsCurrent(orgId))
      : undefined;
  return kept ?? readViewCells(ctx.db, orgId, selection, box, tiles.zoom);
}

// A farm's moved bales and stacks by the bale stamp they were read at: the farms being looked at.
const movedKept = new StampedEntries(16);

/**
 * The farm's moved bales and stacks (kept while its bales stay the same), graded as of now, and
 * the grading's signature.
 */
async function farmMovedBales(ctx: AppContext, orgId: string) {
  const stamp = await readBaleStamp(ctx.db, orgId);
  const farm = await movedKept.get(orgId, stamp, 'moved', () => readFarmMovedBales(ctx.db, orgId));
  const grading = await gradeMovedBales(ctx.db, orgId, farm.moved);
  return { farm, grading };
}

type StackSummary = ReturnType<typeof summarizeStack<GradedStackBale>>;
// Each stack's summary per read of the farm's moved bales, for its last few date ranges and
// gradings (the same views asked again: a reload, a pan back); a farm's yard may hold thousands.
const stackSummaries = new WeakMap<object, Map<string, Map<string, StackSummary>>>();
const SUMMARIES_KEPT = 4;

/** Summaries of the stacks kept by `key` for this read of the farm's moved bales. */
function summariesFor(farm: object, key: string): Map<string, StackSummary> {
  let byKey = stackSummaries.get(farm);
  if (!byKey) {
    byKey = new Map();
    stackSummaries.set(farm, byKey);
  }
  let summaries = byKey.get(key);
  if (!summaries) {
    if (byKey.size >= SUMMARIES_KEPT) byKey.delete(byKey.keys().next().value as string);
    summaries = new Map();
    byKey.set(key, summaries);
  }
  return summaries;
}

/**
 * The blocks of the selection's bales in the tiles x0…x1, y0…y1 of `blockZoom`: every bale that
 * never moved summed per tile of `tileZoom`, every bale that moved placed alone or in its stack.
 */
async function readBlocks(
  ctx: AppContext,
  orgId: string,
  selection: BaleSelection,
  area: { blockZoom: number; tileZoom: number; x0: number; y0: number; x1: number; y1: number },
  within?: { west: number; south: number; east: number; north: number },
): Promise<Block[]> {
  const { blockZoom, tileZoom, x0, y0, x1, y1 } = area;
  const box = within ?? tilesBox(blockZoom, x0, y0, x1, y1);
  const shift = 2 ** (tileZoom - blockZoom);
  const tiles = {
    zoom: tileZoom,
    x0: x0 * shift,
    y0: y0 * shift,
    x1: (x1 + 1) * shift - 1,
    y1: (y1 + 1) * shift - 1,
  };
  const [cells, moved, kept] = await Promise.all([
    within
      ? readViewCells(ctx.db, orgId, selection, within, tileZoom, true)
      : viewCells(ctx, orgId, selection, tiles, box),
    farmMovedBales(ctx, orgId),
    selection.where ? listMovedUidsKept(ctx.db, orgId, selection.where) : undefined,
  ]);
  const { farm, grading } = moved;
  // A yard of thousands of moved bales is placed and summed in slices (other farms wait less).
  const turns = new Turns();
  const blocks = new Map<number, Block>();
  const inArea = (lon: number, lat: number) => {
    const x = lonToX(lon, blockZoom);
    const y = latToY(lat, blockZoom);
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  };
  const blockAt = (lon: number, lat: number) => {
    if (!inArea(lon, lat)) return undefined;
    const x = lonToX(lon, blockZoom);
    const y = latToY(lat, blockZoom);
    const key = x * 2 ** blockZoom + y;
    let block = blocks.get(key);
    if (!block) {
      block = { zoom: blockZoom, x, y, points: [], positions: [] };
      blocks.set(key, block);
    }
    return block;
  };
  const add = (
    block: Block | undefined,
    made: { point: BlockPoint; position: [number, number] },
  ) => {
    if (!block) return;
    made.point.at = block.points.length;
    block.points.push(made.point);
    block.positions.push(made.position);
  };
  // In one order every time (tiles, then bales by uid, then stacks by id): stable cluster ids.
  cells.sort((a, b) => a.tile - b.tile || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  for (const cell of cells) {
    const made = cellPoint(cell, 0);
    add(blockAt(made.position[0], made.position[1]), made);
  }
  const keeps = (bale: GradedStackBale) =>
    inTimeRange(selection.range, bale.createdMs) && (!kept || kept.has(bale.uid));
  const loose = farm.moved.filter((bale) => !farm.stackOf.has(bale.uid) && keeps(bale));
  loose.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  for (const bale of loose) {
    await turns.check();
    add(blockAt(bale.lon, bale.lat), movedPoint(bale, 0));
  }
  // Kept only without a filter's uids (those change with the filter, not the stamp), and only
  // while the bales still hold this request's grades (another request may have graded them since).
  const { from, to } = selection.range;
  const summaries =
    kept || movedGrading(farm.moved) !== grading
      ? undefined
      : summariesFor(farm, `${from?.getTime()}|${to?.getTime()}|${grading}`);
  for (const [id, place] of [...farm.stacks].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Only the stacks lying in the blocks are summed (a farm's yard may hold thousands of bales).
    if (!inArea(place.lon, place.lat)) continue;
    await turns.check();
    let summary: StackSummary;
    if (summaries?.has(id)) summary = summaries.get(id);
    else {
      summary = summarizeStack(id, place, selection.range, kept, movedGrades);
      // Kept while the bales still hold this request's grades: between slices another request
      // may have graded them again.
      if (movedGrading(farm.moved) === grading) summaries?.set(id, summary);
    }
    if (!summary) continue;
    const point: BlockPoint = {
      totals: summary.totals,
      bale: null,
      stack: summary.stack,
      at: 0,
      tile: null,
    };
    add(blockAt(place.lon, place.lat), { point, position: [place.lon, place.lat] });
  }
  return [...blocks.values()];
}

function blockIndex(block: Block): BlockIndex {
  const index: BlockIndex = new Supercluster<BlockPoint, Totals>({
    radius: 60,
    minZoom: block.zoom + 1,
    maxZoom: BLOCKS_MAX_ZOOM,
    map: (point) => {
      const totals = emptyTotals();
      addTotals(totals, point.totals);
      return totals;
    },
    reduce: addTotals,
  });
  index.load(
    block.points.map((properties, i) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: block.positions[i] as [number, number] },
      properties,
    })),
  );
  return index;
}

const blockBits = (block: Pick<Block, 'zoom' | 'x' | 'y'>) =>
  BLOCK_ID_OFFSET +
  ((block.zoom - CELLS_MAX_ZOOM) * 2 ** 30 + block.x * 2 ** 15 + block.y) * LOCAL_IDS;

/** The block an id of `blockBits` names and the id within it; undefined for any other id. */
function decode(id: number) {
  if (id < BLOCK_ID_OFFSET || !Number.isSafeInteger(id)) return undefined;
  const local = id % LOCAL_IDS;
  const key = Math.floor((id - BLOCK_ID_OFFSET) / LOCAL_IDS);
  const zoom = Math.floor(key / 2 ** 30) + CELLS_MAX_ZOOM;
  const x = Math.floor(key / 2 ** 15) % 2 ** 15;
  const y = key % 2 ** 15;
  if (zoom < CELLS_MAX_ZOOM || zoom >= BLOCKS_MAX_ZOOM || x >= 2 ** zoom || y >= 2 ** zoom) {
    return undefined;
  }
  return { zoom, x, y, local };
}

/** What getClusters or getChildren gave, as the map draws it. */
function toItems(block: Block, index: BlockIndex, features: Feature[]) {
  const clusters: MapCluster[] = [];
  const bales: MapBale[] = [];
  const stacks: MapStack[] = [];
  const lone: LoneTile[] = [];
  const base = blockBits(block);
  for (const feature of features) {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as Partial<BlockPoint> &
      Totals & { cluster?: boolean; cluster_id?: number };
    if (props.cluster && props.cluster_id !== undefined) {
      const id = props.cluster_id;
      clusters.push(
        toMapCluster(
          { id: base + id, lat, lon, expansionZoom: index.getClusterExpansionZoom(id) },
          props,
        ),
      );
    } else if (props.stack) {
      stacks.push(props.stack);
    } else if (props.bale) {
      bales.push(props.bale);
    } else if (props.totals) {
      // A tile of several bales alone: a cluster the map zooms onto to part it.
      const place = { id: base + LEAF + (props.at ?? 0), lat, lon, expansionZoom: block.zoom + 2 };
      const cluster = toMapCluster(place, props.totals);
      if (props.cell?.count === 1) lone.push({ cell: props.cell, cluster });
      else clusters.push(cluster);
    }
  }
  return { clusters, bales, stacks, lone };
}

/** A tile of one bale drawn alone, from sums that do not name it. */
interface LoneTile {
  cell: ViewCell;
  /** What is drawn if the bale is no longer there. */
  cluster: MapCluster;
}

/**
 * The bales of tiles of one bale drawn alone, read by their boxes (few: most such tiles cluster
 * with their neighbours), put among `into`'s bales as the map draws a bale.
 */
async function drawLoneTiles(
  ctx: AppContext,
  orgId: string,
  selection: BaleSelection,
  tileZoom: number,
  lone: LoneTile[],
  into: { clusters: MapCluster[]; bales: MapBale[] },
) {
  const scale = 2 ** tileZoom;
  const boxes = lone.map(({ cell }) => {
    const x = Math.floor(cell.tile / scale);
    const y = cell.tile % scale;
    return tilesBox(tileZoom, x, y, x, y);
  });
  const bales = await readLoneBales(ctx.db, orgId, selection.range, boxes);
  for (const [i, { cell, cluster }] of lone.entries()) {
    // The bale in its box nearest where the sums put it (SQL may round one on a tile's edge into
    // the next tile).
    const at = boxes[i] as TileBox;
    let best = Number.POSITIVE_INFINITY;
    let found: (typeof bales)[number] | undefined;
    for (const bale of bales) {
      const away = Math.abs(bale.lat - cell.latSum) + Math.abs(bale.lon - cell.lonSum);
      const inside =
        bale.lat >= at.south && bale.lat < at.north && bale.lon >= at.west && bale.lon < at.east;
      if (inside && away < best) [best, found] = [away, bale];
    }
    const drawn = found && cellPoint({ ...cell, uid: found.uid, baleSize: found.baleSize }, 0);
    if (drawn?.point.bale) into.bales.push(drawn.point.bale);
    else into.clusters.push(cluster);
  }
}

const viewBox = (view: MapViewQuery) => ({
  west: Math.min(view.west, view.east),
  east: Math.max(view.west, view.east),
  south: view.south,
  north: view.north,
});

/** `/clusters/get` nearer than the cells answer (zoom 14 and in). */
export async function clustersInBlocks(
  ctx: AppContext,
  orgId: string,
  view: MapViewQuery,
  selection: BaleSelection,
): Promise<ClustersResponse> {
  const zoom = Math.floor(view.zoom);
  // Past the clusters' last zoom nothing is clustered: blocks of the last zoom, bale by bale.
  const near = zoom > BLOCKS_MAX_ZOOM;
  const blockZoom = near ? BLOCKS_MAX_ZOOM - 1 : zoom - 1;
  const tileZoom = zoom + FINER;
  const west = Math.min(view.west, view.east);
  const area = {
    blockZoom,
    tileZoom,
    x0: lonToX(west, blockZoom),
    x1: lonToX(Math.max(view.west, view.east), blockZoom),
    y0: latToY(view.north, blockZoom),
    y1: latToY(view.south, blockZoom),
  };
  const [blocks, lockedCount] = await Promise.all([
    // Past zoom 16 nothing is clustered: the bales in view are all there is to read.
    readBlocks(ctx, orgId, selection, area, near ? viewBox(view) : undefined),
    countLockedBales(ctx.db, orgId, selection.range),
  ]);
  const all = { clusters: [] as MapCluster[], bales: [] as MapBale[], stacks: [] as MapStack[] };
  const bounds: [number, number, number, number] = [view.west, view.south, view.east, view.north];
  const lone: LoneTile[] = [];
  for (const block of blocks) {
    const index = blockIndex(block);
    const items = toItems(block, index, index.getClusters(bounds, Math.min(zoom, 24)));
    all.clusters.push(...items.clusters);
    all.bales.push(...items.bales);
    all.stacks.push(...items.stacks);
    lone.push(...items.lone);
  }
  await drawLoneTiles(ctx, orgId, selection, tileZoom, lone, all);
  return { ...all, lockedCount };
}

/**
 * `/cluster-tree/get` of a block's cluster (its id at or above BLOCK_ID_OFFSET): the block read
 * again with the same dates and filter; undefined when it does not hold the id (any more).
 */
export async function blockClusterChildren(
  ctx: AppContext,
  orgId: string,
  clusterId: number,
  selection: BaleSelection,
): Promise<ClusterTreeResponse | undefined> {
  const named = decode(clusterId);
  if (!named) return undefined;
  const { zoom, x, y, local } = named;
  const tileZoom = zoom + 1 + FINER;
  const [block] = await readBlocks(ctx, orgId, selection, {
    blockZoom: zoom,
    tileZoom,
    x0: x,
    y0: y,
    x1: x,
    y1: y,
  });
  if (!block) return undefined;
  if (local >= LEAF) {
    // A tile alone: its bales, one by one, where the map zooms onto it.
    const tile = block.points[local - LEAF]?.tile;
    if (tile === undefined || tile === null) return undefined;
    const scale = 2 ** tileZoom;
    const [tx, ty] = [Math.floor(tile / scale), tile % scale];
    const box = tilesBox(tileZoom, tx, ty, tx, ty);
    const rows = await readViewCells(ctx.db, orgId, selection, box, tileZoom, true);
    const bales = rows.flatMap((row) => {
      const { bale } = cellPoint(row, 0).point;
      return bale ? [bale] : [];
    });
    return { clusterId, expansionZoom: zoom + 2, clusters: [], bales, stacks: [] };
  }
  const index = blockIndex(block);
  let children: ReturnType<typeof toItems>;
  let expansionZoom: number;
  try {
    children = toItems(block, index, index.getChildren(local));
    expansionZoom = index.getClusterExpansionZoom(local);
  } catch {
    // Supercluster throws for an id its index does not hold (stale, or never issued).
    return undefined;
  }
  const { lone, ...items } = children;
  await drawLoneTiles(ctx, orgId, selection, tileZoom, lone, items);
  return { clusterId, expansionZoom, ...items };
}
