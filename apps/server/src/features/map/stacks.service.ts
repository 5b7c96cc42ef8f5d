import type { Bounds } from '@baletrack/contracts/bales/bale-query';
import {
  type BalesStacksResponse,
  mapMessages,
  type Stack,
  type StackInfoQuery,
  type StackInfoResponse,
  type StacksQuery,
  type StacksResponse,
} from '@baletrack/contracts/map/map';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { toBale } from '../bales/bale-row.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import { findVisibleBalesByUid } from '../bales/bales.repository.ts';
import type { FarmStacks, StackPlace } from '../bales/stack-grouping.ts';
import { listMovedUidsKept, readFarmStacks } from '../bales/stacks.repository.ts';
import { storageAreaAt } from '../bales/storage-area.ts';
import { inTimeRange, type TimeRange } from '../bales/time-range.ts';
import { summarizeStack } from './cluster-totals.ts';
import { noGrades } from './map-grades.ts';

/** What a stack read keeps of each stack: members made in the range and kept by the filter. */
interface StackSelection {
  range: TimeRange;
  /** The moved bales the applied filter keeps; absent without a filter's condition. */
  kept?: ReadonlySet<string>;
}

/** The stack's members the selection keeps, by uid. */
function keptUids(place: StackPlace, { range, kept }: StackSelection): string[] {
  return place.members
    .filter((m) => inTimeRange(range, m.createdMs) && (!kept || kept.has(m.uid)))
    .map((m) => m.uid);
}

/** The farm's stacks (from the database) and the dates, year and applied filter of a read. */
async function stackSelection(
  ctx: AppContext,
  orgId: string,
  query: StacksQuery | StackInfoQuery,
): Promise<{ farm: FarmStacks; selection: StackSelection }> {
  const [farm, selection] = await Promise.all([
    readFarmStacks(ctx.db, orgId),
    baleSelection(ctx, orgId, query),
  ]);
  const { where, range } = selection;
  const kept = where ? await listMovedUidsKept(ctx.db, orgId, where) : undefined;
  return { farm, selection: { range, ...(kept ? { kept } : {}) } };
}

/** A stack's figures without a grade (the stack details read it with the stack's value). */
function stackSummary(id: string, place: StackPlace, selection: StackSelection): Stack | undefined {
  const summary = summarizeStack(id, place, selection.range, selection.kept, noGrades);
  if (!summary) return undefined;
  const { grade: _, ...stack } = summary.stack;
  return stack;
}

/** Stacks (with their bales the selection keeps) whose place lies in the box, if one is given. */
function stacksIn(farm: FarmStacks, selection: StackSelection, bounds: Partial<Bounds>) {
  const found: { stack: Stack; uids: string[] }[] = [];
  for (const [id, place] of farm.stacks) {
    if (!inBounds(bounds, place.lon, place.lat)) continue;
    const summary = stackSummary(id, place, selection);
    if (!summary) continue;
    found.push({ stack: summary, uids: keptUids(place, selection) });
  }
  return found;
}

function inBounds(bounds: Partial<Bounds>, lon: number, lat: number): boolean {
  const { west, south, east, north } = bounds;
  if (west === undefined || south === undefined || east === undefined || north === undefined) {
    return true;
  }
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}

export async function stacksInView(
  ctx: AppContext,
  orgId: string,
  query: StacksQuery,
): Promise<StacksResponse> {
  const { farm, selection } = await stackSelection(ctx, orgId, query);
  return { stacks: stacksIn(farm, selection, query).map((s) => s.stack) };
}

export async function balesByStack(
  ctx: AppContext,
  orgId: string,
  query: StacksQuery,
): Promise<BalesStacksResponse> {
  const { farm, selection } = await stackSelection(ctx, orgId, query);
  return {
    stacks: stacksIn(farm, selection, query).map(({ stack, uids }) => ({
      stackId: stack.id,
      uids,
    })),
  };
}

export async function stackInfo(
  ctx: AppContext,
  orgId: string,
  query: StackInfoQuery,
): Promise<StackInfoResponse> {
  const { farm, selection } = await stackSelection(ctx, orgId, query);
  const place = farm.stacks.get(query.stackId);
  // A stack none of whose bales the dates and filter keep is not there for this read.
  const summary = place && stackSummary(query.stackId, place, selection);
  if (!place || !summary) throw new AppError('NOT_FOUND', mapMessages.stackNotFound);
  const [rows, geofence] = await Promise.all([
    findVisibleBalesByUid(ctx.db, orgId, keptUids(place, selection), selection.range),
    storageAreaAt(ctx, orgId, place),
  ]);
  return { stack: summary, bales: rows.map(toBale), geofence };
}
