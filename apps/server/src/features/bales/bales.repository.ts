import type { Database, Db } from '@baletrack/db/database';
import type { LonLatBox } from '@baletrack/domain/geo/boundary-box';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { BalePredicate } from './filter-predicate.ts';
import type { TimeRange } from './time-range.ts';

/**
 * True when the bale's baler had an active subscription in the UTC month the bale was made
 * (docs/product.md#visibility-rule). The only place the rule is written; `visibleBales` and
 * `lockedBales` use it, and `subscribedMonths` says it of the bale cells.
 */
function subscriptionActive(eb: ExpressionBuilder<Database, 'bales'>, orgId?: string) {
  return eb.exists(
    eb
      .selectFrom('balerSubscriptionMonths as month')
      .select('month.month')
      // The organization's id, when given, confines the check to its own months (PostgreSQL 18
      // hashes them once for a whole query, PGlite's engine).
      .$if(orgId === undefined, (q) => q.whereRef('month.orgId', '=', 'bales.orgId'))
      .$if(orgId !== undefined, (q) => q.where('month.orgId', '=', orgId as string))
      .whereRef('month.balerId', '=', 'bales.balerId')
      .whereRef('month.month', '=', 'bales.creationMonth')
      .where('month.status', '=', 'active'),
  );
}

/**
 * The rule of `subscriptionActive` for the bale cells: the organization's subscribed (baler,
 * month) pairs, which a cell (one baler's bales of one UTC day) joins on its baler and month.
 */
export const subscribedMonths = (orgId: string) =>
  sql`(select m.baler_id, m.month from baler_subscription_months m
    where m.org_id = ${orgId} and m.status = 'active')`;

/**
 * THE way to read bales: the organization's bales whose baler was subscribed in the month each
 * was made, narrowed by an applied filter's condition if given (`filterPredicate`). Every bale
 * read starts here, so another organization's bales and locked bales can never leak through a
 * forgotten condition.
 * @example await visibleBales(db, orgId).select('uid').where('uid', '=', uid).executeTakeFirst()
 */
export function visibleBales(db: Db, orgId: string, where?: BalePredicate) {
  return organizationBales(db, orgId, (eb) => subscriptionActive(eb), where);
}

/**
 * `visibleBales` for reading in pages in uid order (a report, the data export): the rule checked
 * bale by bale, as a value the planner cannot turn into a join, so each page walks the key from
 * where the last one ended. As a join, a farm of 40,000 bales was read whole and sorted for every
 * page of 1,000 (0.3 s a page on PGlite; docs/benchmarks.md, "report CSV").
 */
export function visibleBalesByUid(db: Db, orgId: string, where?: BalePredicate) {
  return organizationBales(
    db,
    orgId,
    (eb) => eb.case().when(subscriptionActive(eb, orgId)).then(true).else(false).end(),
    where,
  );
}

/** The organization's bales that `visible` keeps, narrowed by a filter's condition if given. */
function organizationBales(
  db: Db,
  orgId: string,
  visible: BalePredicate,
  where: BalePredicate | undefined,
) {
  return db
    .selectFrom('bales')
    .where('bales.orgId', '=', orgId)
    .where(visible)
    .$if(where !== undefined, (q) => q.where((eb) => (where as BalePredicate)(eb)));
}

/**
 * A bale still on hand: not loaded out (the baler's `retail` flag, which a shipped load sets too).
 * Unset and `internal` are on hand (docs/product.md#beyond-the-spec-quality-and-value).
 */
export const onHand = sql<boolean>`bales.load_type is distinct from 'retail'`;

/** The complement of `visibleBales` within the organization: kept and counted, never shown. */
export function lockedBales(db: Db, orgId: string) {
  return db
    .selectFrom('bales')
    .where('bales.orgId', '=', orgId)
    .where((eb) => eb.not(subscriptionActive(eb)));
}

/**
 * A few of the organization's bales named by uid, visible and locked alike, each with `visible`
 * (the rule of `visibleBales`, checked bale by bale), as a catch-up reads the bales written since
 * its version: each bale found by its key. Written as a value the planner cannot turn into a join,
 * so no table statistics can make it walk every bale of the subscribed months to find a new one
 * (right after a bulk load, before PostgreSQL's autovacuum has analyzed the table, and always on
 * PGlite). Callers must keep locked bales out of anything shown.
 * @example await balesByUidWithVisibility(db, orgId, sql`array['B-1']`).select('bales.uid').execute()
 */
export function balesByUidWithVisibility(db: Db, orgId: string, uids: Expression<string[]>) {
  return db
    .selectFrom('bales')
    .where('bales.orgId', '=', orgId)
    .where((eb) => eb('bales.uid', '=', eb.fn.any(uids)))
    .select((eb) =>
      eb.case().when(subscriptionActive(eb)).then(true).else(false).end().as('visible'),
    );
}

/** Every column a bale is returned with (docs/product.md#bales). */
export const baleColumns = [
  'bales.uid',
  'bales.balerId',
  'bales.balerVin',
  'bales.tagSerialNumber',
  'bales.creationTime',
  'bales.creationLat',
  'bales.creationLon',
  'bales.currentLat',
  'bales.currentLon',
  'bales.updateTime',
  'bales.weightKg',
  'bales.dryMassKg',
  'bales.avgMoisture',
  'bales.peakMoisture',
  'bales.protein',
  'bales.ash',
  'bales.sugar',
  'bales.temperature',
  'bales.measurementQuality',
  'bales.baleLengthM',
  'bales.baleDiameterM',
  'bales.cutLengthMm',
  'bales.flakeCount',
  'bales.appliedPreservativeKg',
  'bales.baleSize',
  'bales.rfv',
  'bales.adf',
  'bales.ndf',
  'bales.loadType',
  'bales.fieldUids',
  'bales.bindingMode',
  'bales.wrapsPerBale',
  'bales.stackType',
  'bales.missingTags',
] as const;

/** Narrows a bale query to bales made in [from, to). */
export function madeWithin<QB extends ReturnType<typeof visibleBales>>(
  query: QB,
  range: TimeRange,
): QB {
  return query
    .$if(range.from !== undefined, (q) => q.where('bales.creationTime', '>=', range.from as Date))
    .$if(range.to !== undefined, (q) => q.where('bales.creationTime', '<', range.to as Date)) as QB;
}

/** The UTC months (YYYY-MM-DD, their first day) in which visible bales were made. */
export async function listVisibleMonths(db: Db, orgId: string): Promise<string[]> {
  const rows = await visibleBales(db, orgId)
    .select(sql<string>`to_char(bales.creation_month, 'YYYY-MM-DD')`.as('month'))
    .distinct()
    .execute();
  return rows.map((row) => row.month);
}

export function findVisibleBale(db: Db, orgId: string, uid: string) {
  return visibleBales(db, orgId)
    .select(baleColumns)
    .where('bales.uid', '=', uid)
    .executeTakeFirst();
}

export function findVisibleBalesByUid(db: Db, orgId: string, uids: string[], range: TimeRange) {
  if (uids.length === 0) return Promise.resolve([]);
  return madeWithin(visibleBales(db, orgId), range)
    .select(baleColumns)
    .where('bales.uid', 'in', uids)
    .orderBy('bales.uid')
    .execute();
}

/** The visible bales carrying these tags (a tag may be on more than one). */
export function findVisibleBalesByTag(db: Db, orgId: string, tags: string[]) {
  if (tags.length === 0) return Promise.resolve([]);
  return visibleBales(db, orgId)
    .select(baleColumns)
    .where('bales.tagSerialNumber', 'in', tags)
    .orderBy('bales.uid')
    .execute();
}

export interface BoxBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Bales lying in a box (by current location); `west` > `east` crosses the antimeridian.
 * `where`: an applied filter's condition.
 */
export function listVisibleBalesInBounds(
  db: Db,
  orgId: string,
  bounds: BoxBounds,
  range: TimeRange,
  limit: number,
  where?: BalePredicate,
) {
  return madeWithin(visibleBales(db, orgId, where), range)
    .select(baleColumns)
    .where('bales.currentLat', '>=', bounds.south)
    .where('bales.currentLat', '<=', bounds.north)
    .where((eb) =>
      bounds.west <= bounds.east
        ? eb.and([
            eb('bales.currentLon', '>=', bounds.west),
            eb('bales.currentLon', '<=', bounds.east),
          ])
        : eb.or([
            eb('bales.currentLon', '>=', bounds.west),
            eb('bales.currentLon', '<=', bounds.east),
          ]),
    )
    .orderBy('bales.uid')
    .limit(limit)
    .execute();
}

/**
 * One page in uid order, after `afterUid`; the uid never changes, so pages never overlap.
 * `where`: an applied filter's condition.
 */
export function listVisibleBalesPage(
  db: Db,
  orgId: string,
  range: TimeRange,
  afterUid: string | undefined,
  limit: number,
  where?: BalePredicate,
) {
  return madeWithin(visibleBales(db, orgId, where), range)
    .select(baleColumns)
    .$if(afterUid !== undefined, (q) => q.where('bales.uid', '>', afterUid as string))
    .orderBy('bales.uid')
    .limit(limit)
    .execute();
}

/** True when the bale's position (where it was made, or where it lies now) is in any of the boxes. */
export function inAnyBox(
  eb: ExpressionBuilder<Database, 'bales'>,
  position: 'creation' | 'current',
  boxes: readonly LonLatBox[],
) {
  const [lon, lat] =
    position === 'creation'
      ? (['bales.creationLon', 'bales.creationLat'] as const)
      : (['bales.currentLon', 'bales.currentLat'] as const);
  return eb.or(
    boxes.map((box) =>
      eb.and([
        eb(lon, '>=', box.west),
        eb(lon, '<=', box.east),
        eb(lat, '>=', box.south),
        eb(lat, '<=', box.north),
      ]),
    ),
  );
}

/** Where the visible bales made in the range lie now, and their weight: those within any box. */
export function listVisibleBalesInBoxes(
  db: Db,
  orgId: string,
  boxes: readonly LonLatBox[],
  range: TimeRange,
) {
  if (boxes.length === 0) return Promise.resolve([]);
  return madeWithin(visibleBales(db, orgId), range)
    .select(['bales.currentLon as lon', 'bales.currentLat as lat', 'bales.weightKg'])
    .where((eb) => inAnyBox(eb, 'current', boxes))
    .execute();
}

/** Visible and locked bales per baler, within a date range. */
export async function countBalesPerBaler(db: Db, orgId: string, range: TimeRange) {
  const [visible, locked] = await Promise.all([
    madeWithin(visibleBales(db, orgId), range)
      .select((eb) => [
        'bales.balerId',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('bales.creationTime').as('lastBaleAt'),
      ])
      .groupBy('bales.balerId')
      .execute(),
    madeWithin(lockedBales(db, orgId), range)
      .select((eb) => ['bales.balerId', eb.fn.countAll<number>().as('count')])
      .groupBy('bales.balerId')
      .execute(),
  ]);
  return { visible, locked };
}

/**
 * The names of a bale's fields, by name: read here from the fields feature's table, as fields
 * import bales (to assign them) and not the other way (docs/adr/0036-no-feature-pairs.md).
 */
export function listFieldNames(db: Db, orgId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .select(['id', 'name'])
    .where('orgId', '=', orgId)
    .where('id', 'in', ids)
    .orderBy('name')
    .execute();
}
