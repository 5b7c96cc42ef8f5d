import {
  type HeatmapMeasure,
  type HeatmapType,
  heatmapMeasures,
  heatmapTypes,
} from '@baletrack/contracts/heatmaps/heatmap';
import { useCallback, useMemo } from 'react';
import { useAddressParams } from '@/hooks/use-address-params';

// Heatmap mode lives in the address bar (?heatmap=Overlay&heatmapMeasure=…&heatmapField=…) like
// the open bale and the applied filter: the menu turns it on, the map draws it, a reload keeps it.
const TYPE = 'heatmap';
const MEASURE = 'heatmapMeasure';
const FIELD = 'heatmapField';
// The yield map's parameters (features/yield/hooks/use-yield-map-params.ts), named rather than
// imported so the features stay apart: both colour the fields, so one on turns the other off.
const YIELD_MAP = ['yieldMap', 'yieldCutting', 'yieldField'];

export interface HeatmapParams {
  /** Undefined: heatmap mode is off. */
  type: HeatmapType | undefined;
  measure: HeatmapMeasure;
  fieldId: string | undefined;
}

const pick = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);

/** Heatmap mode's settings and a setter that changes some of them (type undefined: off). */
export function useHeatmapParams(): [HeatmapParams, (next: Partial<HeatmapParams>) => void] {
  const [params, setParams] = useAddressParams();
  const type = params.get(TYPE);
  const measure = params.get(MEASURE);
  const fieldId = params.get(FIELD) ?? undefined;
  const current = useMemo(
    () => ({
      type: pick(heatmapTypes, type),
      // Moisture first: what a grower checks a field for before stacking.
      measure: pick(heatmapMeasures, measure) ?? 'AvgMoisture',
      fieldId,
    }),
    [type, measure, fieldId],
  );
  const update = useCallback(
    (next: Partial<HeatmapParams>) =>
      setParams((before) => {
        const after = new URLSearchParams(before);
        const set = (key: string, value: string | undefined) =>
          value === undefined ? after.delete(key) : after.set(key, value);
        if ('type' in next) set(TYPE, next.type);
        if ('measure' in next) set(MEASURE, next.measure);
        if ('fieldId' in next) set(FIELD, next.fieldId);
        // Off clears the rest, so the next time starts afresh.
        if (!after.has(TYPE)) {
          after.delete(MEASURE);
          after.delete(FIELD);
        } else {
          for (const key of YIELD_MAP) after.delete(key);
        }
        return after;
      }),
    [setParams],
  );
  return [current, update];
}
