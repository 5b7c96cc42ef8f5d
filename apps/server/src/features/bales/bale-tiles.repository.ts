import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type { Database, Db } from '@baletrack/db/database';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import {
  cellLegumeCrop,
  gradeCounts,
  grassGradeSql,
  legumeGradeSql,
  pickedGrade,
} from './bale-grade-sql.ts';
import { madeWithin, subscribedMonths, visibleBales } from './bales.repository.ts';
import type { BalePredicate } from './filter-predicate.ts';
import { mayHaveMoved } from './stacks.repository.ts';
import { tileX, tileY } from './tile-sql.ts';
import type { TimeRange } from './time-range.ts';

// Bale tiles (docs/adr/0042-bale-tiles.md, docs/adr/0043-bale-tile-totals.md): an organization's
// bales that never moved, summed per UTC day, baler, retail flag and zoom-19 tile (about 50 m),
// graded by their cutting's crop when summed; and the same over all time without the baler, kept
// by adding what a write changed. The map's views nearer than the bale cells read them, so a view
// costs by the tiles it shows rather than by the bales, whatever the farm's years. Moved bales
// are drawn on their own or in stacks (ADR 40). Kept by the bale cells' writers, under the same
// rule.

/** The tiles' zoom: 32 px of a zoom-16 view, the nearest the map clusters at. */
export const TILE_ZOOM = 19;
const SCALE = 2 ** TILE_ZOOM;

const measures = [
  'count',
  'weight_kg',
  'dry_mass_kg',
  'avg_moisture_sum',
  'rfv_sum',
  'rfv_count',
  'protein_sum',
  'protein_count',
  'lat_sum',
  'lon_sum',
] as const;
const counts = new Set<string>(['count', 'rfv_count', 'protein_count']);
const keyColumns = ['retail', 'tile_x', 'tile_y'];
const columnList = (...names: string[]) => sql.raw(names.join(', '));
const dayColumns = columnList(
  'org_id',
  'day',
  'baler_id',
  ...keyColumns,
  ...measures,
  'grade_counts',
);
const totalColumns = columnList('org_id', ...keyColumns, ...measures, 'grade_counts');

/** `sum(c.m)` of each measure, times `sign`, then the summed grade counts. */
const summed = (sign: 1 | -1 = 1) =>
  sql.join([
    ...measures.map((m) => {
      const total = sql`${sql.lit(sign)} * sum(${sql.ref(`c.${m}`)})`;
      return counts.has(m) ? sql`(${total})::int` : total;
    }),
    sql`array[${sql.join(hayGrades.map((_, i) => sql`(${sql.lit(sign)} * sum(c.grade_counts[${sql.lit(i + 1)}]))::int`))}]`,
  ]);

/**
 * The tile days of the bales a `from … where …` clause names (table `bales`) that never moved, as
 * insertable rows, grouped once: the crop is looked up per day and field set, since the cuttings
 * holding one such bale hold them all. The clause's bales are found first (`offset 0`): with
 * "never moved" beside it the planner read every bale of the farm for a day's batch.
 */
const tileDayRows = (from: RawBuilder<unknown>) => sql`
  with b as materialized (
    select bales.org_id, (bales.creation_time at time zone 'UTC')::date as day, bales.baler_id,
      coalesce(bales.load_type = 'retail', false) as retail, ${tileX(SCALE)} as tile_x,
      ${tileY(SCALE)} as tile_y, bales.field_uids, bales.weight_kg, bales.dry_mass_kg,
      bales.avg_moisture, bales.rfv, bales.protein, bales.current_lat, bales.current_lon,
      ${legumeGradeSql} as legume_grade, ${grassGradeSql} as grass_grade
    from (select bales.* ${from} offset 0) bales where not ${mayHaveMoved}),
  k as materialized (select c.day, c.field_uids, ${cellLegumeCrop} as legume
    from (select distinct b.org_id, b.day, b.field_uids from b) c)
  select b.org_id, b.day, b.baler_id, b.retail, b.tile_x, b.tile_y, count(*)::int,
    sum(b.weight_kg), sum(b.dry_mass_kg), sum(b.avg_moisture), coalesce(sum(b.rfv), 0),
    count(b.rfv)::int, coalesce(sum(b.protein), 0), count(b.protein)::int, sum(b.current_lat),
    sum(b.current_lon), array[${sql.join(
      hayGrades.map((grade) => {
        const legume = grade.startsWith('legume.');
        return sql`count(*) filter (where k.legume = ${sql.lit(legume)}
          and ${sql.ref(legume ? 'b.legume_grade' : 'b.grass_grade')} = ${sql.lit(grade)})::int`;
      }),
    )}]
  from b join k on k.day = b.day and k.field_uids = b.field_uids
  group by 1, 2, 3, 4, 5, 6`;

/**
 * Adds `sign` times the tile days of CTE `c` into the organization's all-time totals. Float sums
 * gain rounding of about 1e-16 of their size at each change; counts stay exact.
 */
const addToTotals = (orgId: string, sign: 1 | -1) => sql`
  insert into bale_tile_totals (${totalColumns})
  select ${orgId}::uuid, c.retail, c.tile_x, c.tile_y, ${summed(sign)}
    from c group by c.retail, c.tile_x, c.tile_y
  on conflict (org_id, retail, tile_x, tile_y) do update set ${sql.join([
    ...measures.map(
      (m) => sql`${sql.ref(m)} = ${sql.ref(`bale_tile_totals.${m}`)} + ${sql.ref(`excluded.${m}`)}`,
    ),
    sql`grade_counts = array[${sql.join(hayGrades.map((_, i) => sql`bale_tile_totals.grade_counts[${sql.lit(i + 1)}] + excluded.grade_counts[${sql.lit(i + 1)}]`))}]`,
  ])}`;

/** The SQL the tiles are summed by, for the cells' rule (a change rebuilds every farm's). */
export const tilesRuleSql = [tileDayRows(sql`from bales where true`), addToTotals('', 1)];

/**
 * Sums again the organization's tile days among `touched` (a subquery of `day`s), and changes its
 * all-time totals by the difference, in the caller's transaction, which holds its version lock.
 * Nothing unless `current` (its cells are this release's rule's).
 */
export async function refreshBaleTiles(
  trx: Transaction<Database>,
  orgId: string,
  touched: RawBuilder<unknown>,
  current: RawBuilder<boolean>,
): Promise<void> {
  const taken = await sql`with c as (delete from bale_tile_days d where d.org_id = ${orgId}
      and ${current} and d.day in (select day from ${touched} t) returning d.*)
    ${addToTotals(orgId, -1)}`.execute(trx);
  // Each day's bales by the (org_id, creation_time) index.
  await sql`with c as (insert into bale_tile_days (${dayColumns}) ${tileDayRows(
    sql`from ${touched} t join bales on bales.org_id = ${orgId}
      and bales.creation_time >= t.day::timestamp at time zone 'UTC'
      and bales.creation_time < (t.day + 1)::timestamp at time zone 'UTC'
      where ${current}`,
  )} returning *)
    ${addToTotals(orgId, 1)}`.execute(trx);
  // Only a tile something was taken from can be left with no bale.
  if (Number(taken.numAffectedRows ?? 0) > 0) {
    await sql`delete from bale_tile_totals s where s.org_id = ${orgId} and s.count = 0`.execute(
      trx,
    );
  }
}

/** Sums every tile of the organization afresh, in the caller's transaction (version lock held). */
export async function rebuildBaleTiles(trx: Transaction<Database>, orgId: string): Promise<void> {
  await trx.deleteFrom('baleTileDays').where('orgId', '=', orgId).execute();
  await trx.deleteFrom('baleTileTotals').where('orgId', '=', orgId).execute();
  await sql`insert into bale_tile_days (${dayColumns}) ${tileDayRows(
    sql`from bales where bales.org_id = ${orgId}`,
  )}`.execute(trx);
  await sql`with c as (select * from bale_tile_days d where d.org_id = ${orgId})
    ${addToTotals(orgId, 1)}`.execute(trx);
}

/** The UTC days of `windows` (inclusive 'YYYY-MM-DD' ends) as a subquery of `day`s. */
export const daysOf = (windows: readonly { start: string; end: string }[]) =>
  sql`(select generate_series(w.s, w.e, interval '1 day')::date as day
    from unnest(${sql.val(windows.map((w) => w.start))}::date[],
      ${sql.val(windows.map((w) => w.end))}::date[]) w(s, e))`;

/** A tile's bales as the map's views sum them. */
export interface ViewCell {
  /** The tile (x × 2^zoom + y). */
  tile: number;
  count: number;
  weightKg: number;
  dryMassKg: number;
  moisture: number;
  rfv: number;
  rfvBales: number;
  protein: number;
  proteinBales: number;
  latSum: number;
  lonSum: number;
  /** Bales per `hayGrades` entry, each graded by the table of its cutting's crop. */
  gradeCounts: number[];
  /** With one bale: it (a tile of one bale is drawn as that bale); '' until looked up. */
  uid: string;
  baleSize: string;
}

/** The columns of `ViewCell` from rows `c` of the tiles' shape, per tile of `scale`. */
const viewColumns = (divisor: number, scale: number) => sql`
  (c.tile_x / ${sql.lit(divisor)})::float8 * ${sql.lit(scale)} + (c.tile_y / ${sql.lit(divisor)})
    as tile,
  sum(c.count)::int as count, sum(c.weight_kg)::float8 as "weightKg",
  sum(c.dry_mass_kg)::float8 as "dryMassKg", sum(c.avg_moisture_sum)::float8 as moisture,
  sum(c.rfv_sum)::float8 as rfv, sum(c.rfv_count)::int as "rfvBales",
  sum(c.protein_sum)::float8 as protein, sum(c.protein_count)::int as "proteinBales",
  sum(c.lat_sum)::float8 as "latSum", sum(c.lon_sum)::float8 as "lonSum",
  json_build_array(${sql.join(hayGrades.map((_, i) => sql`sum(c.grade_counts[${sql.lit(i + 1)}])::int`))}) as "gradeCounts",
  '' as uid, '' as "baleSize"`;

/** Tiles x0…x1, y0…y1 of `zoom` (at most TILE_ZOOM): which rows of the tiles lie in them. */
export interface TileArea {
  zoom: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The organization's visible bales that never moved, made in whole UTC days ('YYYY-MM-DD', `to`
 * exclusive; both absent for all time), summed per tile of `area.zoom` within it: all time from
 * the totals, with the months a baler had no subscription for taken out again from their tile
 * days; a range from the tile days of its subscribed months. Undefined when the organization's
 * tiles are not this release's rule's, for the caller to read the bales.
 */
export async function readTileSums(
  db: Db,
  orgId: string,
  query: { from?: string; to?: string; onHand?: boolean },
  area: TileArea,
  rule: RawBuilder<boolean>,
): Promise<ViewCell[] | undefined> {
  const divisor = 2 ** (TILE_ZOOM - area.zoom);
  const inArea = sql`d.tile_x between ${area.x0 * divisor} and ${(area.x1 + 1) * divisor - 1}
    and d.tile_y between ${area.y0 * divisor} and ${(area.y1 + 1) * divisor - 1}
    ${query.onHand ? sql`and not d.retail` : sql``}`;
  const columns = sql.raw(
    [...keyColumns, ...measures, 'grade_counts'].map((c) => `d.${c}`).join(', '),
  );
  // The tile days of each (baler, month) pair, within the range: read pair by pair through the
  // days' key (`offset 0` keeps it so). Joined the other way round, a table not yet analyzed
  // after a large import made the planner scan the subscriptions again for every tile day (21 s
  // for the benchmark farm's all-time view, 1.9 s for its twenty years).
  const daysOfMonths = (pairs: RawBuilder<unknown>, columns: RawBuilder<unknown>) => sql`
    select ${columns} from ${pairs} l cross join lateral (select d.* from bale_tile_days d
      where d.org_id = ${orgId} and d.baler_id = l.baler_id
        and d.day >= ${query.from === undefined ? sql`l.month` : sql`greatest(l.month, ${query.from}::date)`}
        and d.day < ${query.to === undefined ? sql`(l.month + interval '1 month')::date` : sql`least((l.month + interval '1 month')::date, ${query.to}::date)`}
        and ${inArea} offset 0) d`;
  const parts: RawBuilder<unknown>[] = [];
  if (query.from === undefined && query.to === undefined) {
    const negated = sql.join([
      ...keyColumns.map((c) => sql.ref(`d.${c}`)),
      ...measures.map((m) => sql`-${sql.ref(`d.${m}`)}`),
      sql`array[${sql.join(hayGrades.map((_, i) => sql`-d.grade_counts[${sql.lit(i + 1)}]`))}]`,
    ]);
    parts.push(
      sql`select ${columns} from bale_tile_totals d where d.org_id = ${orgId} and ${inArea}`,
    );
    // The totals hold every bale: a baler's months without a subscription are taken out again.
    const locked = sql`(select distinct c.baler_id, c.month from bale_cell_months c
      where c.org_id = ${orgId} and not exists (select 1 from ${subscribedMonths(orgId)} m
        where m.baler_id = c.baler_id and m.month = c.month))`;
    parts.push(daysOfMonths(locked, negated));
  } else {
    const subscribed = sql`(select m.baler_id, m.month from ${subscribedMonths(orgId)} m
      where true
        ${query.from === undefined ? sql`` : sql`and m.month >= date_trunc('month', ${query.from}::date)::date`}
        ${query.to === undefined ? sql`` : sql`and m.month < ${query.to}::date`})`;
    parts.push(daysOfMonths(subscribed, columns));
  }
  const [{ rows }, current] = await Promise.all([
    sql<ViewCell>`select ${viewColumns(divisor, 2 ** area.zoom)}
      from (${sql.join(parts, sql` union all `)}) c
      group by 1 having sum(c.count) > 0`.execute(db.withoutPlugins()),
    sql<{ current: boolean }>`select ${rule} as current`.execute(db),
  ]);
  return current.rows[0]?.current ? rows : undefined;
}

/**
 * The visible bales a selection keeps that lie in the box, summed per zoom-`zoom` tile of where
 * they lie now and graded as the tiles are (the cutting's crop picks the table), leaving out the
 * bales that may have moved (their caller places them, in stacks or alone), or each bale on its
 * own. Costs by the organization's bales in the box: for what the kept tiles cannot answer (a
 * filter's condition, a range cutting a day) and the bales drawn one by one.
 */
export async function readViewCells(
  db: Db,
  orgId: string,
  selection: { range: TimeRange; where?: BalePredicate },
  box: { west: number; south: number; east: number; north: number },
  zoom: number,
  /** One row per bale (each its own "tile"), as the map draws them past its last cluster zoom. */
  perBale = false,
): Promise<ViewCell[]> {
  const scale = 2 ** zoom;
  const bales = madeWithin(visibleBales(db, orgId, selection.where), selection.range)
    .where('bales.currentLat', '>=', box.south)
    .where('bales.currentLat', '<=', box.north)
    .where('bales.currentLon', '>=', box.west)
    .where('bales.currentLon', '<=', box.east)
    .where(sql<boolean>`not ${mayHaveMoved}`)
    .selectAll('bales');
  // Day and field set first: the cuttings holding one of their bales hold them all.
  const { rows } = await sql<ViewCell>`
    select c.x::float8 * ${sql.lit(scale)} + c.y as tile, sum(c.n)::int as count,
        sum(c.w)::float8 as "weightKg", sum(c.d)::float8 as "dryMassKg",
        sum(c.m)::float8 as moisture, coalesce(sum(c.rs), 0)::float8 as rfv,
        sum(c.rc)::int as "rfvBales", coalesce(sum(c.ps), 0)::float8 as protein,
        sum(c.pc)::int as "proteinBales", sum(c.la)::float8 as "latSum",
        sum(c.lo)::float8 as "lonSum",
        json_build_array(${sql.join(hayGrades.map((grade, i) => sql`sum(${pickedGrade(grade, i)})::int`))}) as "gradeCounts",
        min(c.uid) as uid, min(c.size) as "baleSize"
      from (select c.*, ${cellLegumeCrop} as legume from (
        select bales.org_id, ${tileX(scale)} as x, ${tileY(scale)} as y,
            (bales.creation_time at time zone 'UTC')::date as day, bales.field_uids,
            count(*) as n, sum(bales.weight_kg) as w, sum(bales.dry_mass_kg) as d,
            sum(bales.avg_moisture) as m, sum(bales.rfv) as rs, count(bales.rfv) as rc,
            sum(bales.protein) as ps, count(bales.protein) as pc, sum(bales.current_lat) as la,
            sum(bales.current_lon) as lo, ${gradeCounts} as grade_counts, min(bales.uid) as uid,
            min(bales.bale_size) as size
          from (select bales.*, ${legumeGradeSql} as legume_grade, ${grassGradeSql} as grass_grade
            from (${bales}) bales) bales
          group by 1, 2, 3, 4, 5 ${perBale ? sql`, bales.uid` : sql``}) c offset 0) c
      group by c.x, c.y ${perBale ? sql`, c.uid` : sql``}`.execute(db);
  return rows;
}

/** A box of degrees, the south and west edges in it, the north and east ones not. */
export interface TileBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The visible bales that never moved, made in the range, in any of the boxes (tiles the kept sums
 * say hold one bale), read by the position index, box by box: what the map draws of them.
 */
export async function readLoneBales(
  db: Db,
  orgId: string,
  range: TimeRange,
  boxes: readonly TileBox[],
): Promise<{ uid: string; baleSize: string; lat: number; lon: number }[]> {
  if (boxes.length === 0) return [];
  return madeWithin(visibleBales(db, orgId), range)
    .where(sql<boolean>`not ${mayHaveMoved}`)
    .where((eb) =>
      eb.or(
        boxes.map((box) =>
          eb.and([
            eb('bales.currentLat', '>=', box.south),
            eb('bales.currentLat', '<', box.north),
            eb('bales.currentLon', '>=', box.west),
            eb('bales.currentLon', '<', box.east),
          ]),
        ),
      ),
    )
    .select(['bales.uid', 'bales.baleSize', 'bales.currentLat as lat', 'bales.currentLon as lon'])
    .execute();
}
