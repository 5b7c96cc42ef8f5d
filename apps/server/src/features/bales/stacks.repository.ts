import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';
import { type BoxBounds, visibleBales } from './bales.repository.ts';
import type { BalePredicate } from './filter-predicate.ts';
import {
  type FarmStacks,
  MOVED_METRES,
  placeStacks,
  type StackBale,
  type StackPlace,
} from './stack-grouping.ts';

// A farm's stacks read from the database: its visible moved bales, grouped as the map groups
// them (docs/adr/0040-stacks-and-heatmaps-read-in-the-database.md). No process keeps a farm's
// bales for this; the partial index `bales_org_moved_idx` holds the moved bales, so a read costs
// by them alone.

/** The index's condition, written as it is there so the planner uses it: a superset of moved. */
const mayHaveMoved = sql<boolean>`(abs(bales.current_lat - bales.creation_lat) > 6.3e-5 or abs(bales.current_lon - bales.creation_lon) > 6.3e-5)`;

const METRES_PER_DEGREE = 111_320;

/** The organization's visible bales that may have moved, in a box if one is given. */
async function listMovedBales(db: Db, orgId: string, box?: BoxBounds): Promise<StackBale[]> {
  const rows = await visibleBales(db, orgId)
    .where(mayHaveMoved)
    .$if(box !== undefined, (q) => {
      const { west, south, east, north } = box as BoxBounds;
      return q
        .where('bales.currentLat', '>=', south)
        .where('bales.currentLat', '<=', north)
        .where('bales.currentLon', '>=', west)
        .where('bales.currentLon', '<=', east);
    })
    .select([
      'bales.uid',
      'bales.currentLat as lat',
      'bales.currentLon as lon',
      'bales.creationLat',
      'bales.creationLon',
      sql<number>`date_part('epoch', bales.creation_time) * 1000`.as('createdMs'),
      'bales.weightKg',
      'bales.dryMassKg',
      'bales.avgMoisture',
      'bales.rfv',
      'bales.protein',
      'bales.baleSize',
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    createdMs: Number(row.createdMs),
    baleSize: row.baleSize as BaleSize,
  }));
}

/**
 * The uids of the organization's moved bales that a filter's condition keeps: which members of
 * its stacks a filtered read counts, read among the moved bales alone.
 */
export async function listMovedUidsKept(
  db: Db,
  orgId: string,
  where: BalePredicate,
): Promise<Set<string>> {
  const rows = await visibleBales(db, orgId, where)
    .where(mayHaveMoved)
    .select('bales.uid')
    .execute();
  return new Set(rows.map((row) => row.uid));
}

/** Every stack of the organization (its visible moved bales, grouped). */
export async function readFarmStacks(db: Db, orgId: string): Promise<FarmStacks> {
  return placeStacks(orgId, await listMovedBales(db, orgId));
}

/**
 * The stack a bale lying at `point` belongs to, if any, read from the moved bales around it: a
 * box of 100 m first, doubled while the stack reaches within two grid cells of the box's edge (it
 * may go on beyond), so the answer is the whole farm's without reading the whole farm.
 */
export async function readStackOf(
  db: Db,
  orgId: string,
  uid: string,
  point: { lat: number; lon: number },
): Promise<{ id: string; place: StackPlace } | undefined> {
  for (let metres = 100; ; metres *= 2) {
    const dLat = metres / METRES_PER_DEGREE;
    const dLon = dLat / Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01);
    const box = {
      west: point.lon - dLon,
      east: point.lon + dLon,
      south: point.lat - dLat,
      north: point.lat + dLat,
    };
    const { stacks, stackOf } = placeStacks(orgId, await listMovedBales(db, orgId, box));
    const id = stackOf.get(uid);
    const place = id === undefined ? undefined : stacks.get(id);
    if (id === undefined || !place) return undefined;
    const margin = (2 * MOVED_METRES) / METRES_PER_DEGREE;
    const inside = place.members.every(
      (m) =>
        m.lat - box.south > margin &&
        box.north - m.lat > margin &&
        (m.lon - box.west) * (dLat / dLon) > margin &&
        (box.east - m.lon) * (dLat / dLon) > margin,
    );
    // Past 100 km a "stack" is a chain of bales across the farm: the answer as it stands.
    if (inside || metres > 100_000) return { id, place };
  }
}
