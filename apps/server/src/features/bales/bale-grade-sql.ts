import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type { Database } from '@baletrack/db/database';
import {
  alfalfaBounds,
  alfalfaGrades,
  grassGrades,
  grassProteinBounds,
  LEGUME_NAME_PATTERN,
} from '@baletrack/domain/quality-grade/quality-grade';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import { cuttingMembership } from './cutting-membership.repository.ts';

// A bale's quality grade in SQL, for the grade filter (docs/product.md#quality-grades): the rule
// of domain quality-grade/hay-grade.ts written from the numbers that module exports, never
// retyped. Its in-memory twin is the summaries' grade columns (summary-filter.ts).

/** A grade table as a CASE: strict at the first bound, inclusive after, else the last grade. */
function gradeCase(
  value: RawBuilder<number>,
  table: 'legume' | 'grass',
  grades: readonly string[],
  bounds: readonly number[],
): RawBuilder<string> {
  const whens = bounds.map((bound, index) => {
    const op = index === 0 ? '>' : '>=';
    return sql`when ${value} ${sql.raw(op)} ${sql.lit(bound)} then ${sql.lit(`${table}.${grades[index]}`)}`;
  });
  return sql<string>`case ${sql.join(whens, sql` `)} else ${sql.lit(`${table}.${grades.at(-1)}`)} end`;
}

/** True when a cutting with a legume crop holds the bale, false when only grass, null when none. */
export function legumeCrop(eb: ExpressionBuilder<Database, 'bales'>): RawBuilder<boolean | null> {
  const crops = eb
    .selectFrom('cuttings')
    .innerJoin('crops', (join) =>
      join.onRef('crops.orgId', '=', 'cuttings.orgId').onRef('crops.id', '=', 'cuttings.cropId'),
    )
    .select(sql<boolean>`bool_or(crops.name ~* ${sql.lit(LEGUME_NAME_PATTERN)})`.as('legume'))
    .where(cuttingMembership);
  return sql<boolean | null>`(${crops})`;
}

/**
 * `legumeCrop` for a bale cell (`bale_cells c`): the cell's bales share its UTC day and field set,
 * so the cuttings holding one hold them all.
 */
export const cellLegumeCrop = sql<
  boolean | null
>`(select bool_or(crops.name ~* ${sql.lit(LEGUME_NAME_PATTERN)})
  from cuttings join crops on crops.org_id = cuttings.org_id and crops.id = cuttings.crop_id
  where cuttings.org_id = c.org_id and c.day between cuttings.start_date and cuttings.end_date
    and exists (select 1 from cutting_fields f where f.org_id = cuttings.org_id
      and f.cutting_id = cuttings.id and f.field_id = any(c.field_uids)))`;

// RFV from ADF and NDF when the bale has none (domain nutrition `rfv`).
const gradingRfv = sql<number>`coalesce(bales.rfv, case when bales.adf is not null
  and bales.ndf > 0 then (88.9 - 0.779 * bales.adf) * (120 / bales.ndf) / 1.29 end)`;

/** The bale's grade by the legume table whatever its crop: RFV, else CP; null without either. */
export const legumeGradeSql = sql<string | null>`case
  when ${gradingRfv} is not null then ${gradeCase(gradingRfv, 'legume', alfalfaGrades, alfalfaBounds.rfv.bounds)}
  when bales.protein is not null then ${gradeCase(sql<number>`bales.protein`, 'legume', alfalfaGrades, alfalfaBounds.protein.bounds)}
  end`;

/** The bale's grade by the grass table whatever its crop: CP; null without it. */
export const grassGradeSql = sql<string | null>`case when bales.protein is not null
  then ${gradeCase(sql<number>`bales.protein`, 'grass', grassGrades, grassProteinBounds)} end`;

/**
 * The bale's grade, 'legume.Supreme' … 'grass.Low', or null when ungraded.
 * @example visibleBales(db, orgId).where((eb) => sql`${baleGradeSql(eb)} = 'legume.Good'`)
 */
export function baleGradeSql(eb: ExpressionBuilder<Database, 'bales'>): RawBuilder<string | null> {
  return sql<string | null>`case ${legumeCrop(eb)}
    when true then ${legumeGradeSql}
    when false then ${grassGradeSql}
  end`;
}

/**
 * Bales per hay grade (`hayGrades` order), each by the table its grade belongs to, from a
 * selection of `bales` carrying `legume_grade` and `grass_grade`: the cutting's crop picks one on
 * read (`pickedGrade`).
 */
export const gradeCounts = sql`array[${sql.join(
  hayGrades.map(
    (grade) =>
      sql`count(*) filter (where ${sql.ref(grade.startsWith('legume.') ? 'bales.legume_grade' : 'bales.grass_grade')} = ${sql.lit(grade)})::int`,
  ),
)}]`;

/**
 * A day cell's bales of grade `i` if the table its cutting's crop picks holds it (none outside a
 * cutting with a crop), as the summaries' columns and the grade filter grade each bale: from
 * `c.legume` and `c.grade_counts`.
 */
export const pickedGrade = (grade: string, i: number) =>
  sql<number>`case when c.legume = ${sql.lit(grade.startsWith('legume.'))}
    then c.grade_counts[${sql.lit(i + 1)}] else 0 end`;

/** Day cells (`c`, with `org_id`, `day` and `field_uids`) with their cutting's crop: `legume`. */
export const withLegume = (from: RawBuilder<unknown>) =>
  sql`(select c.*, ${cellLegumeCrop} as legume ${from} offset 0) c`;
