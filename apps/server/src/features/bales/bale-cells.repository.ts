import { createHash } from 'node:crypto';
import { baleShapeBySize, baleSizes, tagMaterials } from '@baletrack/contracts/bales/bale';
import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type { Database, Db } from '@baletrack/db/database';
import { balingMethod } from '@baletrack/domain/heat-risk/heat-risk';
import { type BalingMethod, safeBalingBand } from '@baletrack/domain/moisture';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import {
  gradeCounts,
  grassGradeSql,
  legumeGradeSql,
  pickedGrade,
  withLegume,
} from './bale-grade-sql.ts';
import {
  daysOf,
  rebuildBaleTiles,
  refreshBaleTiles,
  tilesRuleSql,
} from './bale-tiles.repository.ts';
import { lockedBales, madeWithin, subscribedMonths, visibleBales } from './bales.repository.ts';
import type { BalePredicate } from './filter-predicate.ts';
import { tileX, tileY } from './tile-sql.ts';
import { DAY_MS, splitByMonth, type TimeRange } from './time-range.ts';

// Bale cells (docs/adr/0029-many-farms-read-model.md): an organization's bales summed per UTC day
// of creation, baler, field set, size, retail flag and zoom-16 tile of where the bale lies now,
// with a count per grade by each table; and the same per calendar month, baler, retail flag and
// tile, graded by the cutting's crop (docs/adr/0032-bale-cells-per-month.md). Every writer of
// bales calls refreshBaleCells for the days it touched, in its transaction under the
// organization's version lock; an organization whose cells were summed by another rule (a release
// that grades or tiles differently) is rebuilt whole first.

/** The tiles' zoom: about 600 m at mid latitudes, three levels below the map's opening view. */
export const CELL_ZOOM = 16;
const SCALE = 2 ** CELL_ZOOM;
const cellX = tileX(SCALE);
const cellY = tileY(SCALE);

// Above its safe moisture band (domain moisture.ts) by how it was made and its shape, written
// from the domain's rules for every size and binding, never retyped.
const sizesOf = (shape: string) => baleSizes.filter((size) => baleShapeBySize[size] === shape);
const bindingsOf = (method: BalingMethod) =>
  tagMaterials.filter(
    (binding) => balingMethod({ appliedPreservativeKg: 0, bindingMode: binding }) === method,
  );
const limitBySize = (method: BalingMethod) =>
  sql.join(
    [...new Set(Object.values(baleShapeBySize))].map(
      (shape) =>
        sql`when bales.bale_size in (${sql.join(sizesOf(shape).map((size) => sql.lit(size)))}) then ${sql.lit(safeBalingBand(shape, method).max)}`,
    ),
    sql` `,
  );
const safeLimit = sql<number>`case
  when bales.applied_preservative_kg > 0 then case ${limitBySize('preservative')} end
  when bales.binding_mode in (${sql.join(bindingsOf('baleage').map((binding) => sql.lit(binding)))})
    then case ${limitBySize('baleage')} end
  else case ${limitBySize('dry')} end end`;
/** Whether the bale (`bales`) was made wetter than its safe band allows (domain moisture). */
export const aboveSafeMoisture = sql<boolean>`bales.avg_moisture > ${safeLimit}`;

const sumAndCount = (column: string) =>
  sql`coalesce(sum(${sql.ref(`bales.${column}`)}), 0), count(${sql.ref(`bales.${column}`)})::int`;

const keys = sql`bales.org_id, (bales.creation_time at time zone 'UTC')::date, bales.baler_id,
  case when cardinality(bales.field_uids) < 2 then bales.field_uids
    else (select array_agg(f order by f) from unnest(bales.field_uids) f) end,
  bales.bale_size, coalesce(bales.load_type = 'retail', false), ${cellX}, ${cellY}`;

const cellColumns = sql`org_id, day, baler_id, field_uids, bale_size, retail, cell_x, cell_y,
  count, weight_kg, dry_mass_kg, avg_moisture_sum, peak_moisture_sum, peak_moisture_max,
  above_safe, rfv_sum, rfv_count, adf_sum, adf_count, ndf_sum, ndf_count, protein_sum,
  protein_count, ash_sum, ash_count, sugar_sum, sugar_count, lat_sum, lon_sum, grade_counts`;

/** The cells of the bales a `from … where` clause names (table `bales`), as insertable rows. */
const cellRows = (from: RawBuilder<unknown>) => sql`select ${keys}, count(*)::int,
  sum(bales.weight_kg), sum(bales.dry_mass_kg), sum(bales.avg_moisture), sum(bales.peak_moisture),
  max(bales.peak_moisture), count(*) filter (where ${aboveSafeMoisture})::int,
  ${sumAndCount('rfv')}, ${sumAndCount('adf')}, ${sumAndCount('ndf')}, ${sumAndCount('protein')},
  ${sumAndCount('ash')}, ${sumAndCount('sugar')}, sum(bales.current_lat), sum(bales.current_lon),
  ${gradeCounts}
  from (select bales.*, ${legumeGradeSql} as legume_grade, ${grassGradeSql} as grass_grade
    ${from}) bales
  group by 1, 2, 3, 4, 5, 6, 7, 8`;

const monthColumns = sql`org_id, month, baler_id, retail, cell_x, cell_y, count, weight_kg,
  dry_mass_kg, avg_moisture_sum, peak_moisture_sum, peak_moisture_max, above_safe, rfv_sum,
  rfv_count, adf_sum, adf_count, ndf_sum, ndf_count, protein_sum, protein_count, ash_sum, ash_count,
  sugar_sum, sugar_count, lat_sum, lon_sum, grade_counts`;
const month = sql`date_trunc('month', c.day::timestamp)::date`;

/** Month cells summed from the day cells a `from … where` clause names (table `bale_cells c`). */
const monthRows = (from: RawBuilder<unknown>) => sql`select c.org_id, ${month}, c.baler_id,
  c.retail, c.cell_x, c.cell_y, sum(c.count)::int, sum(c.weight_kg), sum(c.dry_mass_kg),
  sum(c.avg_moisture_sum), sum(c.peak_moisture_sum), max(c.peak_moisture_max),
  sum(c.above_safe)::int, sum(c.rfv_sum), sum(c.rfv_count)::int, sum(c.adf_sum),
  sum(c.adf_count)::int, sum(c.ndf_sum), sum(c.ndf_count)::int, sum(c.protein_sum),
  sum(c.protein_count)::int, sum(c.ash_sum), sum(c.ash_count)::int, sum(c.sugar_sum),
  sum(c.sugar_count)::int, sum(c.lat_sum), sum(c.lon_sum),
  array[${sql.join(hayGrades.map((grade, i) => sql`sum(${pickedGrade(grade, i)})::int`))}]
  from ${withLegume(from)}
  group by 1, 2, 3, 4, 5, 6`;

// Compiles without a database, for the rule's name.
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * Names the rule cells are summed by: the SQL itself, so a release that grades, tiles or checks
 * moisture differently rebuilds every organization's cells once.
 */
export const CELLS_RULE = createHash('sha256')
  .update(cellRows(sql`from bales`).compile(compiler).sql)
  .update(monthRows(sql`from bale_cells c`).compile(compiler).sql)
  .update(tilesRuleSql.map((rule) => rule.compile(compiler).sql).join())
  .digest('hex')
  .slice(0, 16);

/** Whether the organization's cells were summed by this release's rule (read under its lock). */
export const cellsCurrent = (orgId: string) =>
  sql<boolean>`exists (select 1 from bale_versions v where v.org_id = ${orgId} and v.cells_rule = ${CELLS_RULE})`;

/**
 * Sums again the organization's cells of the UTC days its bales of `version` were made on, and of
 * `days` (where bales of this write were made before it changed them), and the months holding
 * them, in the caller's transaction, which holds its version lock. Nothing when its cells are not
 * yet this rule's.
 */
export async function refreshBaleCells(
  trx: Transaction<Database>,
  orgId: string,
  version: number,
  days: readonly string[] = [],
): Promise<void> {
  const touched = sql`(select distinct (creation_time at time zone 'UTC')::date as day
      from bales where org_id = ${orgId} and version = ${version}
    union select unnest(${sql.val(days)}::date[]))`;
  // Planned for these days each time: a prepared statement's generic plan, made without them,
  // summed the organization's every bale (0.3–0.9 s a batch of ingest instead of milliseconds).
  await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
  await sql`delete from bale_cells c where c.org_id = ${orgId} and ${cellsCurrent(orgId)}
    and c.day in (select day from ${touched} t)`.execute(trx);
  // Each day's bales by the (org_id, creation_time) index.
  await sql`insert into bale_cells (${cellColumns}) ${cellRows(
    sql`from ${touched} t join bales on bales.org_id = ${orgId}
      and bales.creation_time >= t.day::timestamp at time zone 'UTC'
      and bales.creation_time < (t.day + 1)::timestamp at time zone 'UTC'
      where ${cellsCurrent(orgId)}`,
  )}`.execute(trx);
  // Their months, from the day cells just summed.
  const months = sql`(select distinct date_trunc('month', t.day::timestamp)::date as month
    from ${touched} t)`;
  await sql`delete from bale_cell_months c where c.org_id = ${orgId} and ${cellsCurrent(orgId)}
    and c.month in (select month from ${months} m)`.execute(trx);
  await sql`insert into bale_cell_months (${monthColumns}) ${monthRows(
    sql`from ${months} m join bale_cells c on c.org_id = ${orgId}
      and c.day >= m.month and c.day < (m.month + interval '1 month')::date
      where ${cellsCurrent(orgId)}`,
  )}`.execute(trx);
  await refreshBaleTiles(trx, orgId, touched, cellsCurrent(orgId));
}

/**
 * Grades the organization's month cells again by its cuttings' crops (after a cutting or crop
 * changed), in the caller's transaction, which holds its version lock.
 */
export async function regradeCellMonths(trx: Transaction<Database>, orgId: string) {
  await trx.deleteFrom('baleCellMonths').where('orgId', '=', orgId).execute();
  await sql`insert into bale_cell_months (${monthColumns}) ${monthRows(
    sql`from bale_cells c where c.org_id = ${orgId} and ${cellsCurrent(orgId)}`,
  )}`.execute(trx);
}

/**
 * Grades the organization's tiles of the days in `windows` again (inclusive 'YYYY-MM-DD' ends: the
 * cuttings a change touched, as they were and are), in the caller's transaction, which holds its
 * version lock: the tiles grade when summed, so only those days can change.
 */
export async function regradeTileDays(
  trx: Transaction<Database>,
  orgId: string,
  windows: readonly { start: string; end: string }[],
) {
  if (windows.length === 0) return;
  await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
  await refreshBaleTiles(trx, orgId, daysOf(windows), cellsCurrent(orgId));
}

/**
 * Sums every cell of the organization afresh by this release's rule, in the caller's transaction,
 * which holds its version lock. Returns how many cells it holds.
 */
export async function rebuildBaleCells(trx: Transaction<Database>, orgId: string): Promise<number> {
  await trx.deleteFrom('baleCells').where('orgId', '=', orgId).execute();
  const written = await sql`insert into bale_cells (${cellColumns}) ${cellRows(
    sql`from bales where bales.org_id = ${orgId}`,
  )}`.execute(trx);
  await trx
    .updateTable('baleVersions')
    .set({ cellsRule: CELLS_RULE })
    .where('orgId', '=', orgId)
    .execute();
  await regradeCellMonths(trx, orgId);
  await rebuildBaleTiles(trx, orgId);
  return Number(written.numAffectedRows ?? 0);
}

/**
 * Refreshes the planner's statistics of the cells after they were summed afresh: without them a
 * freshly filled table is planned as nearly empty and a year's read takes twice as long, until
 * autovacuum gets to it on PostgreSQL (never on PGlite between its periodic checks).
 */
export async function analyzeBaleCells(db: Db): Promise<void> {
  await sql`analyze bale_cells, bale_cell_months, bale_tile_days, bale_tile_totals`.execute(db);
}

/** Organizations whose cells are not this release's rule's (at most `limit`). */
export async function organizationsWithStaleCells(db: Db, limit: number) {
  const rows = await db
    .selectFrom('baleVersions')
    .select('orgId')
    .where('cellsRule', '<>', CELLS_RULE)
    .limit(limit)
    .execute();
  return rows.map((row) => row.orgId);
}

/** The measures the cells keep as a sum and a count of the bales that had them, in this order. */
export const cellMeasures = [
  'weightKg',
  'avgMoisture',
  'peakMoisture',
  'rfv',
  'adf',
  'ndf',
  'protein',
  'ash',
  'sugar',
] as const;
type CellMeasure = (typeof cellMeasures)[number];
const measureColumns: Record<CellMeasure, [sum: string, count: string]> = {
  weightKg: ['weight_kg', 'count'],
  avgMoisture: ['avg_moisture_sum', 'count'],
  peakMoisture: ['peak_moisture_sum', 'count'],
  rfv: ['rfv_sum', 'rfv_count'],
  adf: ['adf_sum', 'adf_count'],
  ndf: ['ndf_sum', 'ndf_count'],
  protein: ['protein_sum', 'protein_count'],
  ash: ['ash_sum', 'ash_count'],
  sugar: ['sugar_sum', 'sugar_count'],
};
// The read's sums, made once: as JSON arrays of the measures' sums, their counts and the grades.
const measureSums = (part: 0 | 1) =>
  sql`json_build_array(${sql.join(
    cellMeasures.map((m) => sql`sum(${sql.ref(`c.${measureColumns[m][part]}`)})::float8`),
  )})`;
const readSums = sql`${measureSums(0)} as sums, ${measureSums(1)} as counts,
  json_build_array(${sql.join(hayGrades.map((_, i) => sql`sum(c.grade_counts[${sql.lit(i + 1)}])::int`))}) as "gradeCounts"`;
// The columns both kinds of cell hold, each once.
const sharedColumns = sql.join(
  [
    ...new Set([
      'baler_id',
      'cell_x',
      'cell_y',
      'count',
      'dry_mass_kg',
      'peak_moisture_max',
      'above_safe',
      ...cellMeasures.flatMap((m) => measureColumns[m]),
      'lat_sum',
      'lon_sum',
    ]),
  ].map((name) => sql.ref(`c.${name}`)),
);

/** Visible bales summed (per zoom-16 tile, when asked). */
export interface CellSums {
  count: number;
  dryMassKg: number;
  peakMoistureMax: number;
  aboveSafe: number;
  /** Per `cellMeasures` entry: the sum, and how many bales had the value. */
  sums: number[];
  counts: number[];
  /** Bales per `hayGrades` entry, each graded by the table of its cutting's crop. */
  gradeCounts: number[];
  /** With `perTile`: the zoom-16 tile, and the sums of its bales' positions (else 0). */
  cellX: number;
  cellY: number;
  latSum: number;
  lonSum: number;
}

export interface CellQuery {
  /** UTC days, 'YYYY-MM-DD': from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Leave out bales loaded out for retail. */
  onHand?: boolean;
  perTile?: boolean;
}

// The cells of a range as rows of one shape: whole months from the month cells, the days at the
// range's ends from the day cells, graded there as the month cells are.
function cellsOfRange(orgId: string, query: CellQuery) {
  const { months, days } = splitByMonth(query);
  const retail = query.onHand ? sql`and not c.retail` : sql``;
  const parts = days.map(
    (range) => sql`select ${month} as month, ${sharedColumns},
      array[${sql.join(hayGrades.map(pickedGrade))}] as grade_counts
      from ${withLegume(sql`from bale_cells c where c.org_id = ${orgId}
        ${range.from ? sql`and c.day >= ${range.from}::date` : sql``}
        and c.day < ${range.to}::date ${retail}`)}`,
  );
  if (months) {
    parts.unshift(sql`select c.month, ${sharedColumns}, c.grade_counts from bale_cell_months c
      where c.org_id = ${orgId}
        ${months.from ? sql`and c.month >= ${months.from}::date` : sql``}
        ${months.to ? sql`and c.month < ${months.to}::date` : sql``} ${retail}`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The organization's bales in whole UTC days, summed from its cells: the visible ones, and how
 * many need a subscription. Undefined when its cells are not this release's rule's (or no writer
 * of bales has kept them), for the caller to read the bales instead.
 */
export async function readCellSums(
  db: Db,
  orgId: string,
  query: CellQuery,
): Promise<{ cells: CellSums[]; lockedCount: number } | undefined> {
  const tile = query.perTile
    ? sql`c.cell_x as "cellX", c.cell_y as "cellY", sum(c.lat_sum)::float8 as "latSum",
        sum(c.lon_sum)::float8 as "lonSum"`
    : sql`0 as "cellX", 0 as "cellY", 0::float8 as "latSum", 0::float8 as "lonSum"`;
  // The rule rides on every row; only an organization with no cell in the days asks it alone.
  // The arrays come as JSON (parsed natively, unlike int[]) and the names as written, with no
  // plugin.
  const { rows } = await sql<CellSums & { visible: boolean; rule: string | null }>`
    select m.baler_id is not null as visible, sum(c.count)::int as count,
        sum(c.dry_mass_kg)::float8 as "dryMassKg", max(c.peak_moisture_max) as "peakMoistureMax",
        sum(c.above_safe)::int as "aboveSafe",
        ${readSums},
        (select v.cells_rule from bale_versions v where v.org_id = ${orgId}) as rule,
        ${tile}
      from (${cellsOfRange(orgId, query)}) c
      left join ${subscribedMonths(orgId)} m on m.baler_id = c.baler_id and m.month = c.month
      group by 1 ${query.perTile ? sql`, c.cell_x, c.cell_y` : sql``}`.execute(db.withoutPlugins());
  if (!(await cellsAreCurrent(db, orgId, rows))) return undefined;
  const cells: CellSums[] = [];
  let lockedCount = 0;
  for (const { visible, rule: _, ...cell } of rows) {
    if (visible) cells.push(cell);
    else lockedCount += cell.count;
  }
  return { cells, lockedCount };
}

/**
 * What `readCellSums` answers per tile, summed from the bales themselves: the visible bales a
 * selection keeps (a filter's condition, a range of any instants), summed into day cells and
 * graded as the cells are, then per tile; and the locked bales of the range, whatever the filter
 * (as the map counts them). Costs by the organization's bales in the range, never another's.
 */
export async function readBaleSums(
  db: Db,
  orgId: string,
  selection: { range: TimeRange; where?: BalePredicate },
): Promise<{ cells: CellSums[]; lockedCount: number }> {
  const bales = madeWithin(visibleBales(db, orgId, selection.where), selection.range).selectAll(
    'bales',
  );
  const dayCells = sql`(${cellRows(sql`from (${bales}) bales`)}) c(${cellColumns})`;
  const [{ rows }, locked] = await Promise.all([
    sql<CellSums>`
      select sum(c.count)::int as count, sum(c.dry_mass_kg)::float8 as "dryMassKg",
          max(c.peak_moisture_max) as "peakMoistureMax", sum(c.above_safe)::int as "aboveSafe",
          ${readSums}, c.cell_x as "cellX", c.cell_y as "cellY",
          sum(c.lat_sum)::float8 as "latSum", sum(c.lon_sum)::float8 as "lonSum"
        from (select ${sharedColumns}, array[${sql.join(hayGrades.map(pickedGrade))}] as grade_counts
          from ${withLegume(sql`from ${dayCells}`)}) c
        group by c.cell_x, c.cell_y`.execute(db),
    countLockedBales(db, orgId, selection.range),
  ]);
  return { cells: rows, lockedCount: locked };
}

/**
 * How many of the organization's bales made in the range need a subscription: from the cells
 * when the range is whole UTC days and they are this release's rule's, else from the bales.
 */
export async function countLockedBales(db: Db, orgId: string, range: TimeRange): Promise<number> {
  const days = cellDays(range);
  if (days) {
    const { rows } = await sql<{ locked: number; current: boolean }>`
      select coalesce(sum(c.count), 0)::int as locked, ${cellsCurrent(orgId)} as current
      from (${cellsOfRange(orgId, days)}) c
      left join ${subscribedMonths(orgId)} m on m.baler_id = c.baler_id and m.month = c.month
      where m.baler_id is null`.execute(db);
    if (rows[0]?.current) return rows[0].locked;
  }
  const row = await madeWithin(lockedBales(db, orgId), range)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether the organization's cells are this release's rule's, from the rule a read carried on its
 * rows (`rule`), asked alone only when the read found no cell.
 */
async function cellsAreCurrent(db: Db, orgId: string, rows: readonly { rule: string | null }[]) {
  const rule =
    rows.length > 0
      ? rows[0]?.rule
      : (
          await db
            .selectFrom('baleVersions')
            .select('cellsRule')
            .where('orgId', '=', orgId)
            .executeTakeFirst()
        )?.cellsRule;
  return rule === CELLS_RULE;
}

/**
 * The first days ('YYYY-MM-DD') of the UTC months holding visible bales, from the cells;
 * undefined when they are not this release's rule's.
 */
export async function readCellMonths(db: Db, orgId: string): Promise<string[] | undefined> {
  const { rows } = await sql<{ month: string; rule: string | null }>`
    select distinct to_char(m.month, 'YYYY-MM-DD') as month,
        (select v.cells_rule from bale_versions v where v.org_id = ${orgId}) as rule
      from bale_cell_months c join ${subscribedMonths(orgId)} m
        on m.baler_id = c.baler_id and m.month = c.month
      where c.org_id = ${orgId}`.execute(db);
  if (!(await cellsAreCurrent(db, orgId, rows))) return undefined;
  return rows.map((row) => row.month);
}

/** The whole UTC days of a range, as the cells are kept; undefined when it cuts a day. */
export function cellDays(range: TimeRange): CellQuery | undefined {
  const day = (date: Date | undefined) =>
    date === undefined ? undefined : date.toISOString().slice(0, 10);
  const whole = (date: Date | undefined) => date === undefined || date.getTime() % DAY_MS === 0;
  if (!whole(range.from) || !whole(range.to)) return undefined;
  return { from: day(range.from), to: day(range.to) };
}
