import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import type { Field } from '@baletrack/contracts/fields/field';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { cropYearOf } from '@baletrack/domain/crop-year';
import { useCallback, useMemo, useRef } from 'react';
import { useOrganizationSettings } from '@/features/settings';
import { YieldMapLayer } from '@/features/yield/components/yield-map-layer';
import { YieldMapPanel } from '@/features/yield/components/yield-map-panel';
import { useFitFields } from '@/features/yield/hooks/use-fit-fields';
import { useYieldMap } from '@/features/yield/hooks/use-yield-map';
import { useYieldMapParams } from '@/features/yield/hooks/use-yield-map-params';
import { useFieldClick } from '@/hooks/use-field-click';
import classes from './yield-map-mode.module.css';

const noFields: Field[] = [];

interface YieldMapModeProps {
  /** The organization's fields (the app's field list). */
  fields: readonly Field[];
  /** Crop years with bales (GET /available-years), in any order. */
  yearsWithBales: readonly number[] | undefined;
  /** The shown year's cuttings (GET /cuttings), by start date; undefined until they load. */
  cuttings: readonly Cutting[] | undefined;
  /** The layer the fills go beneath: above the field outlines, below their names and the bales. */
  beforeId: string;
}

/**
 * The yield map, inside the map (docs/product.md#beyond-the-spec-yield-per-field): once the menu
 * turned it on, every field filled by its dry matter per area in the crop year or cutting chosen,
 * and the panel with the legend and the figures of the field clicked.
 */
export function YieldMapMode(props: YieldMapModeProps) {
  const [params, setParams] = useYieldMapParams();
  const { year } = params;
  const pick = useCallback((field: Field) => setParams({ fieldId: field.id }), [setParams]);
  useFieldClick(year === undefined ? noFields : props.fields, pick);
  if (year === undefined) return null;
  return <YieldMapView {...props} year={year} params={params} onChange={setParams} />;
}

interface YieldMapViewProps extends YieldMapModeProps {
  year: number;
  params: ReturnType<typeof useYieldMapParams>[0];
  onChange: ReturnType<typeof useYieldMapParams>[1];
}

function YieldMapView({
  fields,
  yearsWithBales,
  cuttings,
  beforeId,
  year,
  params,
  onChange,
}: YieldMapViewProps) {
  const startMonth = (useOrganizationSettings().data ?? defaultSettings).cropYearStartMonth;
  // The cuttings of the year shown (the previous year's stay while the next load).
  const ofYear = useMemo(() => cuttings?.filter((c) => c.year === year), [cuttings, year]);
  // A cutting the address names but the year does not have is read as the whole year; until the
  // cuttings load, the address is trusted.
  const cuttingId = ofYear ? ofYear.find((c) => c.id === params.cuttingId)?.id : params.cuttingId;
  const { result, figures, classes: yieldClasses } = useYieldMap(year, cuttingId);
  const panel = useRef<HTMLDivElement>(null);
  useFitFields(fields, panel, result.data !== undefined);
  // The years with bales and the current one, and the one shown should the address name another.
  const years = useMemo(
    () =>
      [...new Set([year, cropYearOf(Date.now(), startMonth), ...(yearsWithBales ?? [])])].sort(
        (a, b) => b - a,
      ),
    [year, startMonth, yearsWithBales],
  );

  return (
    <>
      {result.data && (
        <YieldMapLayer
          fields={fields}
          figures={figures}
          classes={yieldClasses}
          pickedId={params.fieldId}
          beforeId={beforeId}
        />
      )}
      <div className={classes.panel} ref={panel}>
        <YieldMapPanel
          year={year}
          years={years}
          cuttingId={cuttingId}
          cuttings={ofYear}
          fields={fields}
          fieldId={params.fieldId}
          onChange={onChange}
        />
      </div>
    </>
  );
}
