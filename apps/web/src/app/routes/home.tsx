import type { Field } from '@baletrack/contracts/fields/field';
import { Box, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { HomeAreaPanel } from '@/app/routes/home-area-panel';
import { GettingStarted } from '@/app/routes/home-getting-started';
import { useHomeSelection } from '@/app/routes/home-selection';
import { BaleDetailsPanel } from '@/features/bales/components/bale-details-panel';
import { StackDetailsPanel } from '@/features/bales/components/stack-details-panel';
import { useCuttings } from '@/features/cuttings/api/get-cuttings';
import { useFields } from '@/features/fields/api/get-fields';
import { FieldsLayer } from '@/features/fields/components/fields-layer';
import { fieldsBounds } from '@/features/fields/utils/field-features';
import { HeatRiskLayer } from '@/features/heat-risk/components/heat-risk-layer';
import { HeatmapMode } from '@/features/heatmaps/components/heatmap-mode';
import { useHeatmapParams } from '@/features/heatmaps/hooks/use-heatmap-params';
import { useAvailableYears } from '@/features/map/api/get-available-years';
import { AreaSelection } from '@/features/map/components/area-selection';
import { BaleMap } from '@/features/map/components/bale-map';
import { mapSlots } from '@/features/map/utils/map-style';
import type { ViewBounds } from '@/features/map/utils/view-query';
import { useYieldMapParams, YieldMapMode } from '@/features/yield';

const noFields: Field[] = [];
// The window below the app shell's header (Mantine's AppShell sets the variable).
const FULL_HEIGHT = 'calc(100dvh - var(--app-shell-header-offset, 0px))';

/** The yield map with what the app knows beside it: the years with bales, the year's cuttings. */
function YieldMap({ year, fields }: { year: number; fields: readonly Field[] }) {
  const years = useAvailableYears();
  const cuttings = useCuttings(year);
  return (
    <YieldMapMode
      fields={fields}
      yearsWithBales={years.data?.years}
      cuttings={cuttings.data?.cuttings}
      beforeId={mapSlots.fields}
    />
  );
}

/**
 * The map home (docs/product.md#screens-and-routes): the farm's bales filling the window under the
 * app shell's header (signed-in-layout.tsx), details at the side.
 */
export function HomeRoute() {
  const [selection, select] = useHomeSelection();
  // The map's area selection: off (null), on, and the area drawn once there is one. It and a
  // bale's or stack's details share the panel's place, so turning one on closes the other.
  const [area, setArea] = useState<{ box: ViewBounds | null } | null>(null);
  const selectArea = (on: boolean) => {
    if (on && selection) select(null);
    setArea(on ? { box: null } : null);
  };

  // Heatmap mode or the yield map has the map: clusters and bale icons give way to its colours
  // and legend. Turning one on turns the other off; should an address name both, the heatmap's.
  const [heatmap] = useHeatmapParams();
  const [yieldMap] = useYieldMapParams();
  const yieldYear = heatmap.type === undefined ? yieldMap.year : undefined;
  const overlayActive = heatmap.type !== undefined || yieldYear !== undefined;
  // A heatmap or the yield map hides the bales, and takes clicks on fields: no area meanwhile.
  if (overlayActive && area !== null) setArea(null);
  // Where the map opens without bales: the fields (null without any, or if they fail to load).
  const fields = useFields();
  const homeBounds = fields.isPending
    ? undefined
    : fields.data
      ? fieldsBounds(fields.data.fields)
      : null;

  // Beside the map: the area's bales, or the bale's or stack's details.
  const panel = area?.box ? (
    <HomeAreaPanel box={area.box} onCancel={() => setArea(null)} />
  ) : selection?.kind === 'bale' ? (
    <BaleDetailsPanel
      key={selection.uid}
      uid={selection.uid}
      onClose={() => select(null)}
      onOpenStack={(id) => select({ kind: 'stack', id })}
    />
  ) : selection ? (
    <StackDetailsPanel
      key={selection.id}
      stackId={selection.id}
      onClose={() => select(null)}
      onOpenBale={(uid) => select({ kind: 'bale', uid })}
    />
  ) : null;

  return (
    <Box h={FULL_HEIGHT} style={{ display: 'flex' }}>
      {/* Every screen has a first heading; the map's is for screen readers. */}
      <VisuallyHidden component="h1">Map of the farm's bales</VisuallyHidden>
      <Box pos="relative" style={{ flex: 1, minWidth: 0 }}>
        <BaleMap
          selection={selection}
          onSelect={(next) => {
            setArea(null);
            select(next);
          }}
          homeBounds={homeBounds}
          overlayActive={overlayActive}
          selectingArea={area !== null}
        >
          {({ onImagery }) => (
            <>
              <FieldsLayer
                beforeId={mapSlots.fields}
                namesBeforeId={mapSlots.fieldNames}
                onImagery={onImagery}
              />
              <HeatmapMode fields={fields.data?.fields ?? noFields} beforeId={mapSlots.fields} />
              {yieldYear !== undefined && (
                <YieldMap year={yieldYear} fields={fields.data?.fields ?? noFields} />
              )}
              <HeatRiskLayer beforeId={mapSlots.labels} hidden={overlayActive} />
              {!overlayActive && (
                <AreaSelection
                  active={area !== null}
                  onActiveChange={selectArea}
                  box={area?.box ?? null}
                  onDrawn={(box) => setArea({ box })}
                />
              )}
            </>
          )}
        </BaleMap>
        <Box pos="absolute" top={12} left={12} style={{ zIndex: 2 }}>
          <GettingStarted />
        </Box>
        {panel && (
          // Ends above the map's zoom buttons and area control, so they stay reachable with a
          // panel open.
          // The area's panel is only as tall as its form, so the drawn area stays in sight.
          <Box
            pos="absolute"
            top={12}
            right={12}
            bottom={160}
            style={{ display: 'flex', alignItems: area?.box ? 'flex-start' : undefined }}
          >
            {panel}
          </Box>
        )}
      </Box>
    </Box>
  );
}
