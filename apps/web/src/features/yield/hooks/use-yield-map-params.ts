import { fieldYieldQuerySchema } from '@baletrack/contracts/yield/yield';
import { useCallback, useMemo } from 'react';
import { useAddressParams } from '@/hooks/use-address-params';

// The yield map lives in the address bar (?yieldMap=2026&yieldCutting=…&yieldField=…) like
// heatmap mode: the menu turns it on, the map draws it, a reload or a shared link keeps it.
const YEAR = 'yieldMap';
const CUTTING = 'yieldCutting';
const FIELD = 'yieldField';
// Heatmap mode's parameters (features/heatmaps/hooks/use-heatmap-params.ts), named rather than
// imported so the features stay apart: both colour the fields, so one on turns the other off.
const HEATMAP = ['heatmap', 'heatmapMeasure', 'heatmapField'];

export interface YieldMapParams {
  /** The crop year shown; undefined: the yield map is off. */
  year: number | undefined;
  /** The cutting shown; undefined: the whole year. */
  cuttingId: string | undefined;
  /** The field whose figures the panel shows (picked on the map or from the list). */
  fieldId: string | undefined;
}

/** The yield map's settings and a setter that changes some of them (year undefined: off). */
export function useYieldMapParams(): [YieldMapParams, (next: Partial<YieldMapParams>) => void] {
  const [params, setParams] = useAddressParams();
  const rawYear = params.get(YEAR);
  const cuttingId = params.get(CUTTING) ?? undefined;
  const fieldId = params.get(FIELD) ?? undefined;
  const current = useMemo(() => {
    // A year the API would refuse (not 2000–2100) is read as off, not sent.
    const year = fieldYieldQuerySchema.shape.year.safeParse(rawYear ?? undefined);
    return { year: year.success ? year.data : undefined, cuttingId, fieldId };
  }, [rawYear, cuttingId, fieldId]);
  const update = useCallback(
    (next: Partial<YieldMapParams>) =>
      setParams((before) => {
        const after = new URLSearchParams(before);
        const set = (key: string, value: string | undefined) =>
          value === undefined ? after.delete(key) : after.set(key, value);
        if ('year' in next) {
          set(YEAR, next.year === undefined ? undefined : String(next.year));
          // A cutting belongs to one crop year.
          if (!('cuttingId' in next)) after.delete(CUTTING);
        }
        if ('cuttingId' in next) set(CUTTING, next.cuttingId);
        if ('fieldId' in next) set(FIELD, next.fieldId);
        if (after.has(YEAR)) {
          for (const key of HEATMAP) after.delete(key);
        } else {
          // Off clears the rest, so the next time starts afresh.
          after.delete(CUTTING);
          after.delete(FIELD);
        }
        return after;
      }),
    [setParams],
  );
  return [current, update];
}
