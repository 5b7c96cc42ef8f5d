import type { Db } from '@baletrack/db/database';
import { readInPages } from '@baletrack/db/read-in-pages';
import { sql } from 'kysely';
import { Turns } from '../../lib/turns.ts';
import { cellLegumeCrop } from './bale-grade-sql.ts';
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
export const mayHaveMoved = sql<boolean>`(abs(bales.current_lat - bales.creation_lat) > 6.3e-5 or abs(bales.current_lon - bales.creation_lon) > 6.3e-5)`;

const METRES_PER_DEGREE = 111_320;
/** Moved bales a farm-wide read fetches at a time. */
const MOVED_PAGE_ROWS = 2_000;

/** A moved bale with what grades it: its cutting's crop (legume, grass or none) and fibre. */
export interface GradedStackBale extends StackBale {
  /** True when a cutting with a legume crop holds it, false when only grass, null when none. */
  legume: boolean | null;
  adf: number | null;
  ndf: number | null;
  /** The UTC day it was made and its field ids, comma-joined: what picks its cutting. */
  day: string;
  fields: string;
}

/** The organization's visible bales that may have moved, in a box if one is given. */
function listMovedBales(db: Db, orgId: string, box?: BoxBounds): Promise<StackBale[]> {
  return readMovedBales(db, orgId, box, false);
}

async function readMovedBales<G extends boolean>(
  db: Db,
  orgId: string,
  box: BoxBounds | undefined,
  graded: G,
): Promise<G extends true ? GradedStackBale[] : StackBale[]> {
  const query = visibleBales(db, orgId)
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
    .$if(graded, (q) =>
      q.select([
        'bales.adf',
        'bales.ndf',
        sql<string>`(bales.creation_time at time zone 'UTC')::date::text`.as('day'),
        sql<string>`array_to_string(bales.field_uids, ',')`.as('fields'),
      ]),
    );
  // A farm's yard may hold thousands: read a page at a time (other farms' requests wait less).
  const rows = box ? await query.execute() : await readInPages(db, query, MOVED_PAGE_ROWS);
  // The rows made into bales where they lie (a yard may hold thousands), a slice at a time.
  const turns = new Turns();
  for (let i = 0; i < rows.length; i += 1) {
    if ((i & 1023) === 0) await turns.check();
    const row = rows[i] as Record<string, unknown>;
    row.createdMs = Number(row.createdMs);
    if (graded) row.legume = null;
  }
  return rows as unknown as G extends true ? GradedStackBale[] : StackBale[];
}

/**
 * Whether a cutting with a legume crop holds bales of each (UTC day, comma-joined field ids):
 * true, false when only grass, absent when none; keyed 'day|fields'.
 */
async function cuttingCrops(
  db: Db,
  orgId: string,
  pairs: readonly [day: string, fields: string][],
): Promise<Map<string, boolean | null>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await sql<{ key: string; legume: boolean | null }>`
    select c.day::text || '|' || c.fields as key, ${cellLegumeCrop} as legume
    from (select ${orgId}::uuid as org_id, p.day::date as day, p.fields,
        string_to_array(nullif(p.fields, ''), ',')::uuid[] as field_uids
      from unnest(${sql.val(pairs.map(([day]) => day))}::text[],
        ${sql.val(pairs.map(([, fields]) => fields))}::text[]) p(day, fields)) c`.execute(db);
  return new Map(rows.map((row) => [row.key, row.legume]));
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

/**
 * Every stack of the organization and every bale that may have moved (in a stack or not), with
 * what grades them but ungraded (`gradeMovedBales`): what the map draws apart from the bales
 * summed in tiles. Depends on the bales alone, so a reader may keep it by the bale stamp.
 */
export async function readFarmMovedBales(
  db: Db,
  orgId: string,
): Promise<FarmStacks<GradedStackBale> & { moved: GradedStackBale[] }> {
  const moved = await readMovedBales(db, orgId, undefined, true);
  return { ...(await placeStacks(orgId, moved)), moved };
}

// The moved bales of each day and field set, grouped once per read of a farm's moved bales, and
// the signature of the grades last set on them.
const groupedByDay = new WeakMap<readonly GradedStackBale[], Map<string, GradedStackBale[]>>();
const gradings = new WeakMap<readonly GradedStackBale[], string>();

/** The signature `gradeMovedBales` last answered for these bales: the grades they hold now. */
export const movedGrading = (moved: readonly GradedStackBale[]) => gradings.get(moved);

/**
 * Sets each moved bale's `legume` by the cuttings and crops as they are now (they change without
 * a new bale stamp), looked up once per day and field set, since the cuttings holding one such
 * bale hold them all. Answers the grading's signature: equal answers, equal grades.
 */
export async function gradeMovedBales(
  db: Db,
  orgId: string,
  moved: readonly GradedStackBale[],
): Promise<string> {
  let groups = groupedByDay.get(moved);
  if (!groups) {
    groups = new Map();
    const turns = new Turns();
    for (const bale of moved) {
      await turns.check();
      const key = `${bale.day}|${bale.fields}`;
      const group = groups.get(key);
      if (group) group.push(bale);
      else groups.set(key, [bale]);
    }
    groupedByDay.set(moved, groups);
  }
  const keys = [...groups.keys()].sort();
  const legume = await cuttingCrops(
    db,
    orgId,
    keys.map((key) => key.split('|') as [string, string]),
  );
  for (const [key, group] of groups) {
    const kind = legume.get(key) ?? null;
    for (const bale of group) bale.legume = kind;
  }
  const signature = keys.map((key) => String(legume.get(key) ?? null)).join();
  gradings.set(moved, signature);
  return signature;
}

/** Every stack of the organization (its visible moved bales, grouped). */
export async function readFarmStacks(db: Db, orgId: string): Promise<FarmStacks> {
  return await placeStacks(orgId, await listMovedBales(db, orgId));
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
    const { stacks, stackOf } = await placeStacks(orgId, await listMovedBales(db, orgId, box));
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
