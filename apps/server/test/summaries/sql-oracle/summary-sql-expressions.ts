import { baleShapeBySize, baleSizes } from '@baletrack/contracts/bales/bale';
import type { Database } from '@baletrack/db/database';
import { safeBalingBand } from '@baletrack/domain/moisture';
import {
  alfalfaBounds,
  alfalfaGrades,
  grassGrades,
  grassProteinBounds,
  LEGUME_NAME_PATTERN,
} from '@baletrack/domain/quality-grade/quality-grade';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import { cuttingMembership } from '../../../src/features/bales/cutting-membership.repository.ts';

// Per-bale SQL expressions of the domain's rules, built from the numbers the domain module
// exports (never retyped here), so a summary over 200,000 bales needs no row in Node.

/**
 * A grade table as a CASE: the value gets grades[i] past bounds[i] (strictly for the first,
 * inclusively after, as `alfalfaGradeBy` / `grassGrade` do), else the last grade. The result is
 * 'table.Grade', e.g. 'legume.Good'.
 */
function gradeCase(
  value: RawBuilder<number>,
  table: 'legume' | 'grass',
  grades: readonly string[],
  bounds: readonly number[],
  higherIsBetter: boolean,
): RawBuilder<string> {
  const whens = bounds.map((bound, index) => {
    const op = higherIsBetter ? (index === 0 ? '>' : '>=') : index === 0 ? '<' : '<=';
    return sql`when ${value} ${sql.raw(op)} ${sql.lit(bound)} then ${sql.lit(`${table}.${grades[index]}`)}`;
  });
  const worst = `${table}.${grades[grades.length - 1]}`;
  return sql<string>`case ${sql.join(whens, sql` `)} else ${sql.lit(worst)} end`;
}

/**
 * Whether the bale's cutting grows a legume: true, false (a crop graded as grass), or null (in no
 * cutting with a crop, so its table is unknown). A legume cutting wins over a grass one.
 */
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

// RFV from ADF and NDF when the bale has none: `rfv()` of domain nutrition (DDM × DMI / 1.29),
// which ingest stores whenever a baler leaves RFV out; only an explicit null reaches this.
export const gradingRfv = sql<number | null>`coalesce(bales.rfv, case when bales.adf is not null
  and bales.ndf > 0 then (88.9 - 0.779 * bales.adf) * (120 / bales.ndf) / 1.29 end)`;

/**
 * The grade as 'legume.<grade>' or 'grass.<grade>', null when ungraded — `qualityGrade` of
 * domain quality-grade: legumes by RFV, else CP; grass by CP. Reads the columns `legume`
 * (`legumeCrop`), `grading_rfv` (`gradingRfv`) and `protein` of the row source `b`.
 */
export function gradeOfRow(): RawBuilder<string | null> {
  const rfv = sql<number>`b.grading_rfv`;
  const protein = sql<number>`b.protein`;
  const { rfv: byRfv, protein: byCp } = alfalfaBounds;
  return sql<string | null>`case
    when b.legume is true then case
      when b.grading_rfv is not null
        then ${gradeCase(rfv, 'legume', alfalfaGrades, byRfv.bounds, byRfv.higherIsBetter)}
      when b.protein is not null
        then ${gradeCase(protein, 'legume', alfalfaGrades, byCp.bounds, byCp.higherIsBetter)}
      end
    when b.legume is false and b.protein is not null
      then ${gradeCase(protein, 'grass', grassGrades, grassProteinBounds, true)}
  end`;
}

const roundSizes = baleSizes.filter((size) => baleShapeBySize[size] === 'Round');
const preservativeMax = safeBalingBand('LargeSquare', 'preservative').max;
const baleageMax = safeBalingBand('LargeSquare', 'baleage').max;
const roundMax = safeBalingBand('Round', 'dry').max;
const squareMax = safeBalingBand('LargeSquare', 'dry').max;

/**
 * Whether the bale was made wetter than its safe band allows (domain moisture): preservative
 * applied → the preservative band; wrapped in film → baleage; else dry hay by shape.
 */
export const aboveSafeMoisture = sql<boolean>`bales.avg_moisture > case
  when bales.applied_preservative_kg > 0 then ${sql.lit(preservativeMax)}
  when bales.binding_mode in ('Film', 'TwineAndFilm') then ${sql.lit(baleageMax)}
  when bales.bale_size in (${sql.join(roundSizes.map((s) => sql.lit(s)))}) then ${sql.lit(roundMax)}
  else ${sql.lit(squareMax)} end`;
