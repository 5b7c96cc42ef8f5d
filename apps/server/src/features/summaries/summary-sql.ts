import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import type { SummaryGrouping } from '@baletrack/contracts/summaries/summary';
import type { Db } from '@baletrack/db/database';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { type RawBuilder, sql } from 'kysely';
import { aboveSafeMoisture } from '../bales/bale-cells.repository.ts';
import { grassGradeSql, legumeCrop, legumeGradeSql } from '../bales/bale-grade-sql.ts';
import { madeWithin, onHand, visibleBales } from '../bales/bales.repository.ts';
import { cuttingMembership } from '../bales/cutting-membership.repository.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import type { TimeRange } from '../bales/time-range.ts';
import type { SummaryRow } from './summary-aggregate.ts';
import { gradeKeys } from './summary-columns.ts';

// A summary as one SQL query over the selected bales: what a request gets while this process
// holds no current columns of the organization (docs/adr/0044-summaries-read-in-sql-first.md),
// and what the columns (summary-aggregate.ts) are tested equal to. Costs by the bales selected.

/** The bale's UTC day as a day number: cheaper to hash than a time-zone truncation. */
const utcDay = sql<number>`floor(date_part('epoch', bales.creation_time) / 86400)::int`;

/** Which bales a summary covers. */
export interface SummarySelection {
  range: TimeRange;
  where?: BalePredicate;
  /** Only bales still on hand (`/bales/summary/active`). */
  onHand?: boolean;
}

/** What a summary reads of each bale (`bales`): measures, both tables' grades, moisture verdict. */
export const summaryBaleColumns = [
  'bales.weightKg',
  'bales.dryMassKg',
  'bales.avgMoisture',
  'bales.peakMoisture',
  'bales.rfv',
  'bales.adf',
  'bales.ndf',
  'bales.protein',
  'bales.ash',
  'bales.sugar',
  legumeGradeSql.as('legumeGrade'),
  grassGradeSql.as('grassGrade'),
  aboveSafeMoisture.as('aboveSafe'),
] as const;

/** A row `b`'s grade (`summaryBaleColumns` and `legume`): its cutting's crop picks the table. */
export const pickedGradeSql = sql<
  string | null
>`case b.legume when true then b.legume_grade when false then b.grass_grade end`;

/**
 * The visible bales of the selection (`rows`), one row per bale and group it falls in, with both
 * tables' grades, its cutting's crop (from CTE `kind`, the query `kinds`) and moisture verdict and
 * its group key and name. A bale in two
 * fields (or cuttings, or crops) is one row per group; without any it is one row whose key is
 * null.
 */
function perBale(db: Db, orgId: string, selection: SummarySelection, by?: SummaryGrouping) {
  const selected = () =>
    madeWithin(visibleBales(db, orgId, selection.where), selection.range).$if(
      selection.onHand === true,
      (q) => q.where(onHand),
    );
  // The crop (so the grade table) depends only on a bale's fields and UTC day: looked up once
  // per distinct pair (a few thousand for 200,000 bales) and joined back.
  const pairs = db
    .selectFrom(
      selected()
        .select(['bales.orgId', 'bales.fieldUids', utcDay.as('day')])
        .distinct()
        .as('days'),
    )
    // Shaped like a `bales` row made at the day's midnight, for the cutting rule.
    .select([
      'days.orgId',
      'days.fieldUids',
      'days.day',
      sql<Date>`to_timestamp(days.day * 86400)`.as('creationTime'),
    ])
    .as('bales');
  const kinds = db
    .selectFrom(pairs)
    .select((eb) => [
      'bales.fieldUids',
      'bales.day',
      legumeCrop(eb as unknown as Parameters<typeof legumeCrop>[0]).as('legume'),
    ]);
  // Joined from the query's materialized CTE `kind` (summaryQuery): as a subquery, a table not
  // yet analyzed after a large import made the planner look every pair's crop up again for each
  // bale (13 s for a filtered year of the benchmark farm instead of 0.1 s).
  const kind = sql<{ fieldUids: string[]; day: number; legume: boolean | null }>`kind`;
  const bales = selected()
    .leftJoin(kind.as('kind'), (join) =>
      join.onRef('kind.fieldUids', '=', 'bales.fieldUids').on(sql<boolean>`kind.day = ${utcDay}`),
    )
    .select([...summaryBaleColumns, 'kind.legume'])
    // OFFSET 0 keeps PostgreSQL from inlining this subquery into the aggregates above.
    .offset(0);
  const group = (key: RawBuilder<string | null>, name: RawBuilder<string | null>) =>
    [key.as('groupKey'), name.as('groupName')] as const;
  return { kinds, rows: groupedBy() };

  function groupedBy() {
    switch (by) {
      case undefined:
      case 'grade':
        // The grade is known only per row of `summaryQuery`, which groups by it.
        return bales.select(group(sql`null::text`, sql`null::text`));
      case 'field':
        return bales
          .leftJoin('fields', (join) =>
            join
              .onRef('fields.orgId', '=', 'bales.orgId')
              .on(sql<boolean>`fields.id = any(bales.field_uids)`),
          )
          .select(group(sql`fields.id::text`, sql`fields.name`));
      case 'cutting':
        return bales
          .leftJoin('cuttings', (join) => join.on(cuttingMembership))
          .select(
            group(sql`cuttings.id::text`, sql`cuttings.name || ' (' || cuttings.year || ')'`),
          );
      case 'crop':
        // Joined on "some cutting of this crop holds the bale", so two cuttings of one crop
        // still count the bale once for that crop.
        return bales
          .leftJoin('crops', (join) =>
            join
              .onRef('crops.orgId', '=', 'bales.orgId')
              .on((eb) =>
                eb.exists(
                  eb
                    .selectFrom('cuttings')
                    .select('cuttings.id')
                    .where(cuttingMembership)
                    .whereRef('cuttings.cropId', '=', 'crops.id'),
                ),
              ),
          )
          .select(group(sql`crops.id::text`, sql`crops.name`));
      case 'baler':
        return bales
          .innerJoin('balers', (join) =>
            join.onRef('balers.orgId', '=', 'bales.orgId').onRef('balers.id', '=', 'bales.balerId'),
          )
          .select(group(sql`balers.id::text`, sql`balers.name`));
      case 'day':
        return bales.select(
          group(
            sql`to_char(bales.creation_time at time zone 'UTC', 'YYYY-MM-DD')`,
            sql`null::text`,
          ),
        );
      case 'size':
        return bales.select(group(sql`bales.bale_size`, sql`null::text`));
    }
  }
}

/** A summary as one SQL query (the benchmark's baseline too). */
export function summaryQuery(
  db: Db,
  orgId: string,
  selection: SummarySelection,
  by?: SummaryGrouping,
) {
  const { kinds, rows: b } = perBale(db, orgId, selection, by);
  const gradeCounts = gradeKeys.map(
    (key, i) => sql`count(*) filter (where g.grade = ${sql.lit(key)})::int as ${sql.ref(`g${i}`)}`,
  );
  const gradeName = sql`case ${sql.join(
    gradeKeys.map(
      (key) => sql`when g.grade = ${sql.lit(key)} then ${sql.lit(hayGradeLabel(key as HayGrade))}`,
    ),
    sql` `,
  )} end`;
  const grouped =
    by === undefined
      ? sql``
      : by === 'grade'
        ? sql`group by g.grade`
        : sql`group by g.group_key, g.group_name`;
  const groupColumns =
    by === undefined
      ? sql`null::text as group_key, null::text as group_name`
      : by === 'grade'
        ? sql`g.grade as group_key, ${gradeName} as group_name`
        : sql`g.group_key, g.group_name`;
  return sql<Omit<SummaryRow, 'grades'> & Record<`g${number}`, number>>`
    with kind as materialized (${kinds})
    select ${groupColumns},
      count(*)::int as count,
      coalesce(sum(g.weight_kg), 0) as total_weight_kg,
      coalesce(sum(g.dry_mass_kg), 0) as total_dry_mass_kg,
      avg(g.weight_kg) as weight_kg, avg(g.avg_moisture) as avg_moisture,
      avg(g.peak_moisture) as peak_moisture, max(g.peak_moisture) as max_peak_moisture,
      avg(g.rfv) as rfv, avg(g.adf) as adf, avg(g.ndf) as ndf, avg(g.protein) as protein,
      avg(g.ash) as ash, avg(g.sugar) as sugar,
      count(*) filter (where g.above_safe)::int as above_safe,
      ${sql.join(gradeCounts)}
    from (select b.*, ${pickedGradeSql} as grade from ${b} as b offset 0) as g
    ${grouped}`;
}

/**
 * Summaries of the visible bales of the selection in one query: one row overall, or one per
 * group with `by` (groups with no bale are left out). Averages skip bales without the value.
 * @example await summarizeBales(db, orgId, { range: {} }) // [{ groupKey: null, count: 20153, … }]
 */
export async function summarizeBales(
  db: Db,
  orgId: string,
  selection: SummarySelection,
  by?: SummaryGrouping,
): Promise<SummaryRow[]> {
  const result = await summaryQuery(db, orgId, selection, by).execute(db);
  return result.rows.map((row) => {
    const grades: Record<string, number> = {};
    gradeKeys.forEach((key, i) => {
      grades[key] = Number(row[`g${i}`]);
    });
    return { ...row, grades };
  });
}
