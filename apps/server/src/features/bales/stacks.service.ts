import {
  type BalesStacksResponse,
  type Bounds,
  mapMessages,
  type Stack,
  type StackInfoQuery,
  type StackInfoResponse,
  type StacksQuery,
  type StacksResponse,
} from '@baletrack/contracts/bales/map';
import type { AppContext } from '../../app.ts';
import { AppError } from '../../lib/app-error.ts';
import { geofenceAt } from '../geofences/geofences.service.ts';
import { toBale } from './bale-row.ts';
import { findVisibleBalesByUid } from './bales.repository.ts';
import { mapIndexFor, summarizeStack } from './map-index.ts';
import type { FarmSnapshot } from './map-snapshot.ts';
import { inTimeRange, type TimeRange, timeRange } from './time-range.ts';

/** Stacks (with their bales made in the range) whose place lies in the box, if one is given. */
function stacksIn(snapshot: FarmSnapshot, range: TimeRange, bounds: Partial<Bounds>) {
  const found: { stack: Stack; uids: string[] }[] = [];
  for (const [id, place] of snapshot.stacks) {
    if (!inBounds(bounds, place.lon, place.lat)) continue;
    const summary = summarizeStack(id, place, range);
    if (!summary) continue;
    const uids = place.members.filter((m) => inTimeRange(range, m.createdMs)).map((m) => m.uid);
    found.push({ stack: summary.stack, uids });
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
  const snapshot = await mapIndexFor(ctx).snapshot(orgId);
  return { stacks: stacksIn(snapshot, timeRange(query), query).map((s) => s.stack) };
}

export async function balesByStack(
  ctx: AppContext,
  orgId: string,
  query: StacksQuery,
): Promise<BalesStacksResponse> {
  const snapshot = await mapIndexFor(ctx).snapshot(orgId);
  return {
    stacks: stacksIn(snapshot, timeRange(query), query).map(({ stack, uids }) => ({
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
  const snapshot = await mapIndexFor(ctx).snapshot(orgId);
  const place = snapshot.stacks.get(query.stackId);
  const range = timeRange(query);
  const summary = place && summarizeStack(query.stackId, place, range);
  if (!place || !summary) throw new AppError('NOT_FOUND', mapMessages.stackNotFound);
  const uids = place.members.filter((m) => inTimeRange(range, m.createdMs)).map((m) => m.uid);
  const [rows, geofence] = await Promise.all([
    findVisibleBalesByUid(ctx.db, orgId, uids, range),
    geofenceAt(ctx, orgId, place),
  ]);
  return { stack: summary.stack, bales: rows.map(toBale), geofence };
}
