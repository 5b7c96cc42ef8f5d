import type { Db } from '@baletrack/db/database';
import type { FieldHarvest } from '@baletrack/domain/yield/field-yield';
import { sql } from 'kysely';
import { visibleBales } from '../bales/bales.repository.ts';

/** The hay of bales lying in no field, per crop year of their day. */
export interface OutsideFields {
  cropYear: number;
  bales: number;
  weightKg: number;
  dryMatterKg: number;
}

/**
 * The visible bales made in [from, to) in one read, summed per field, cutting and crop year (the
 * rules of packages/domain/src/yield/field-yield.ts): each bale's share 1/n in each of its n
 * fields, in the first cutting (by start day) holding that field and the bale's day, in the
 * cutting's crop year, or outside cuttings in the crop year of its day (`startMonth` begins
 * one); and the bales in no field, per crop year.
 */
export async function readFieldHarvests(
  db: Db,
  orgId: string,
  range: { from: Date; to: Date },
  startMonth: number,
): Promise<{ harvests: FieldHarvest[]; outside: OutsideFields[] }> {
  const bales = visibleBales(db, orgId)
    .select([
      'bales.fieldUids',
      'bales.weightKg',
      'bales.dryMassKg',
      'bales.protein',
      'bales.creationTime',
    ])
    .where('bales.creationTime', '>=', range.from)
    .where('bales.creationTime', '<', range.to);
  // Summed per field and UTC day first: a cutting holds whole days of a field, so each
  // (field, day) asks for its cutting once, not each bale. A bale in no field is one row with
  // no field, which no cutting holds.
  const { rows } = await sql<{
    fieldId: string | null;
    cuttingId: string | null;
    cuttingYear: number | null;
    dayYear: number;
    bales: number;
    weightKg: number;
    dryMatterKg: number;
    proteinDryMatterKg: number;
    proteinKg: number;
  }>`
    select d.field_id, c.id as cutting_id, c.year as cutting_year,
        (extract(year from d.day) - case when extract(month from d.day) < ${startMonth}
          then 1 else 0 end)::int as day_year,
        sum(d.bales)::float8 as bales, sum(d.weight_kg)::float8 as weight_kg,
        sum(d.dry_matter_kg)::float8 as dry_matter_kg,
        sum(d.protein_dry_matter_kg)::float8 as protein_dry_matter_kg,
        sum(d.protein_kg)::float8 as protein_kg
      from (
        select f.field_id, (b.creation_time at time zone 'UTC')::date as day,
            sum(1.0 / greatest(cardinality(b.field_uids), 1)) as bales,
            sum(b.weight_kg / greatest(cardinality(b.field_uids), 1)) as weight_kg,
            sum(b.dry_mass_kg / greatest(cardinality(b.field_uids), 1)) as dry_matter_kg,
            coalesce(sum(b.dry_mass_kg / greatest(cardinality(b.field_uids), 1))
              filter (where b.protein is not null), 0) as protein_dry_matter_kg,
            coalesce(sum(b.dry_mass_kg * b.protein / 100 / greatest(cardinality(b.field_uids), 1))
              filter (where b.protein is not null), 0) as protein_kg
          from (${bales}) b
            cross join unnest(coalesce(nullif(b.field_uids, '{}'), array[null::uuid])) as f(field_id)
          group by 1, 2
      ) d
      left join lateral (
        select c.id, c.year from cuttings c
          join cutting_fields cf on cf.org_id = c.org_id and cf.cutting_id = c.id
          where c.org_id = ${orgId} and cf.field_id = d.field_id
            and d.day between c.start_date and c.end_date
          order by c.start_date, c.id
          limit 1
      ) c on true
      group by 1, 2, 3, 4`.execute(db);
  const harvests: FieldHarvest[] = [];
  const outside: OutsideFields[] = [];
  for (const { fieldId, cuttingId, cuttingYear, dayYear, ...sums } of rows) {
    if (fieldId === null) {
      const { bales, weightKg, dryMatterKg } = sums;
      outside.push({ cropYear: dayYear, bales, weightKg, dryMatterKg });
    } else harvests.push({ fieldId, cuttingId, cropYear: cuttingYear ?? dayYear, ...sums });
  }
  return { harvests, outside };
}
