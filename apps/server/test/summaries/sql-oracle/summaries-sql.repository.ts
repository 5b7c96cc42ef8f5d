import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import {
  alfalfaGrades,
  grassGrades,
  type SummaryGrouping,
} from '@baletrack/contracts/summaries/summary';
import type { Db } from '@baletrack/db/database';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { type RawBuilder, sql } from 'kysely';
import { madeWithin, visibleBales } from '../../../src/features/bales/bales.repository.ts';
import { cuttingMembership } from '../../../src/features/bales/cutting-membership.repository.ts';
import type { BalePredicate } from '../../../src/features/bales/filter-predicate.ts';
import type { TimeRange } from '../../../src/features/bales/time-range.ts';
import type { SummaryRow } from '../../../src/features/summaries/summary-aggregate.ts';
import {
  aboveSafeMoisture,
  gradeOfRow,
  gradingRfv,
  legumeCrop,
} from './summary-sql-expressions.ts';

/** The bale's UTC day as a day number: cheaper to hash than a time-zone truncation. */
const utcDay = sql<number>`floor(date_part('epoch', bales.creation_time) / 86400)::int`;

/** Which bales a summary covers. */
export interface SummarySelection {
  range: TimeRange;
  where?: BalePredicate;
  /** Only bales still on hand (`/bales/summary/active`). */
  onHand?: boolean;
}

/**
 * Bales still on hand: not sold. A bale's load type is the only trace of where it went, and
 * 'retail' marks a bale loaded out for sale; 'internal' (kept for the farm) and unknown (null)
 * are counted as on hand.
 */
const onHand: BalePredicate = (eb) =>
  eb.or([eb('bales.loadType', 'is', null), eb('bales.loadType', '!=', 'retail')]);

// Aggregate columns are named g0, g1, … in grade order: the names stay plain SQL identifiers.
const gradeKeys = [
  ...alfalfaGrades.map((g) => `legume.${g}`),
  ...grassGrades.map((g) => `grass.${g}`),
] as const;

/**
 * The visible bales of the selection, one row per bale and group it falls in, with its grade,
 * moisture verdict and group key and name. A bale in two fields (or cuttings, or crops) is one
 * row per group; without any it is one row whose key is null.
 */
function perBale(db: Db, orgId: string, selection: SummarySelection, by?: SummaryGrouping) {
  const selected = () =>
    madeWithin(visibleBales(db, orgId, selection.where), selection.range).$if(
      selection.onHand === true,
      (q) => q.where(onHand),
    );
  // The crop (so the grade table) depends only on a bale's fields and UTC day: look it up once
  // per distinct pair (a few thousand for 200,000 bales) through the one cutting rule and join
  // it back; asked per bale, the lookup was most of the query's time.
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
  const bales = selected()
    .leftJoin(kinds.as('kind'), (join) =>
      join.onRef('kind.fieldUids', '=', 'bales.fieldUids').on(sql<boolean>`kind.day = ${utcDay}`),
    )
    .select([
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
      'kind.legume',
      gradingRfv.as('gradingRfv'),
      aboveSafeMoisture.as('aboveSafe'),
    ])
    // OFFSET 0 keeps PostgreSQL from inlining this subquery into the aggregates above.
    .offset(0);
  const group = (key: RawBuilder<string | null>, name: RawBuilder<string | null>) =>
    [key.as('groupKey'), name.as('groupName')] as const;
  switch (by) {
    case undefined:
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
        .select(group(sql`cuttings.id::text`, sql`cuttings.name || ' (' || cuttings.year || ')'`));
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
        group(sql`to_char(bales.creation_time at time zone 'UTC', 'YYYY-MM-DD')`, sql`null::text`),
      );
    case 'size':
      return bales.select(group(sql`bales.bale_size`, sql`null::text`));
    case 'grade':
      // The grade is known only per row of `summaryQuery`, which groups by it.
      return bales.select(group(sql`null::text`, sql`null::text`));
  }
}

/**
 * A summary as one SQL query: the reference the in-memory columns (summary-aggregate.ts) are
 * tested equal to, and the benchmark's baseline.
 */
export function summaryQuery(
  db: Db,
  orgId: string,
  selection: SummarySelection,
  by?: SummaryGrouping,
) {
  const b = perBale(db, orgId, selection, by);
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
    from (select b.*, ${gradeOfRow()} as grade from ${b} as b offset 0) as g
    ${grouped}`;
}

/**
 * Summaries of the visible bales of the selection in one query: one row overall, or one per
 * group with `by` (groups with no bale are left out). Averages skip bales without the value.
 * Requests are answered from the bale columns (`aggregateColumns`), seconds faster on PGlite;
 * this stays their specification in SQL (test/summaries/summary-rules.medium.test.ts).
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
