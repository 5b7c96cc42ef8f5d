import { useMemo } from 'react';
import { useDisplayUnits } from '@/features/settings';
import { useFieldYield } from '@/features/yield/api/get-field-yield';
import { type YieldClass, yieldClasses } from '@/features/yield/utils/yield-classes';
import { dryMatterPerArea } from '@/features/yield/utils/yield-map-figures';

export interface YieldMap {
  result: ReturnType<typeof useFieldYield>;
  /** Each field's dry matter per hectare in the year or cutting shown; null: no hay. */
  figures: ReadonlyMap<string, number | null>;
  classes: YieldClass[];
}

/** The yield map's figures and classes for a crop year, or one of its cuttings. */
export function useYieldMap(year: number, cuttingId: string | undefined): YieldMap {
  const result = useFieldYield(year);
  const { system } = useDisplayUnits();
  const rows = result.data?.fields;
  const figures = useMemo(
    () => new Map((rows ?? []).map((row) => [row.fieldId, dryMatterPerArea(row, cuttingId)])),
    [rows, cuttingId],
  );
  const classes = useMemo(
    () =>
      yieldClasses(
        [...figures.values()].filter((value): value is number => value !== null),
        system,
      ),
    [figures, system],
  );
  return { result, figures, classes };
}
