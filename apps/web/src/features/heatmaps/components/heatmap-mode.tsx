import type { Field } from '@baletrack/contracts/fields/field';
import type { HeatmapQuery } from '@baletrack/contracts/heatmaps/heatmap';
import { boundaryBox } from '@baletrack/domain/geo/boundary-box';
import { useReducedMotion } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { HeatmapIconLayer } from '@/features/heatmaps/components/heatmap-icon-layer';
import { HeatmapOverlayLayer } from '@/features/heatmaps/components/heatmap-overlay-layer';
import { HeatmapPanel } from '@/features/heatmaps/components/heatmap-panel';
import { useHeatmapParams } from '@/features/heatmaps/hooks/use-heatmap-params';
import { useMapViewState } from '@/features/heatmaps/hooks/use-map-view-state';
import { heatmapBlocker } from '@/features/heatmaps/utils/heatmap-view';
import { useRfvEnabled } from '@/features/settings';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';
import { useFieldClick } from '@/hooks/use-field-click';
import classes from './heatmap-mode.module.css';

const noFields: Field[] = [];

interface HeatmapModeProps {
  /** The organization's fields (the app's field list). */
  fields: readonly Field[];
  /** The layer the overlay goes beneath: above the field outlines, below the bales. */
  beforeId: string;
}

/**
 * Heatmap mode, inside the map: once the menu turned it on, a field chosen (from the list or
 * by clicking it) and the view close enough, the field's Overlay or Icon heatmap for the
 * dates and filter shown; until then the panel says what is missing.
 */
export function HeatmapMode({ fields, beforeId }: HeatmapModeProps) {
  const [params, setParams] = useHeatmapParams();
  const { current: map } = useMap();
  const view = useMapViewState();
  const [timeFilter] = useBaleTimeFilter();
  const [filterId] = useActiveFilter();
  const rfvEnabled = useRfvEnabled();
  const reduceMotion = useReducedMotion();
  const on = params.type !== undefined;
  const field = fields.find((f) => f.id === params.fieldId);
  const measure = !rfvEnabled && params.measure === 'RFV' ? 'AvgMoisture' : params.measure;
  const blocker = heatmapBlocker(field, view);
  const query = useMemo((): HeatmapQuery | undefined => {
    if (!on || blocker || !field) return undefined;
    return { fieldId: field.id, measure, ...timeFilter, filterId };
  }, [on, blocker, field, measure, timeFilter, filterId]);

  // The chosen field is brought into view (from the list, a click, or the address bar on a
  // reload), which is also the zoom a heatmap needs; once per field chosen.
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!on || !map || !field || shown.current === field.id) return;
    shown.current = field.id;
    const box = boundaryBox(field.boundary);
    // Clear of the heatmap panel on the right where the map is wide enough for it.
    const wide = map.getContainer().clientWidth >= 900;
    const padding = wide ? { top: 40, bottom: 80, left: 60, right: 340 } : 40;
    map.fitBounds(
      [
        [box.west, box.south],
        [box.east, box.north],
      ],
      { padding, maxZoom: 17, duration: reduceMotion ? 0 : 700 },
    );
  }, [on, map, field, reduceMotion]);
  const pickField = useCallback((picked: Field) => setParams({ fieldId: picked.id }), [setParams]);
  const clickField = pickField;
  useFieldClick(on ? fields : noFields, clickField);

  if (!params.type) return null;
  return (
    <>
      {params.type === 'Overlay' ? (
        <HeatmapOverlayLayer query={query} beforeId={beforeId} />
      ) : (
        <HeatmapIconLayer query={query} />
      )}
      <div className={classes.panel}>
        <HeatmapPanel
          type={params.type}
          measure={measure}
          field={field}
          fields={fields}
          blocker={blocker}
          query={query}
          rfvEnabled={rfvEnabled}
          onChange={setParams}
          onPickField={pickField}
        />
      </div>
    </>
  );
}
