import type { Field } from '@baletrack/contracts/fields/field';
import { Box, VisuallyHidden } from '@mantine/core';
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
import { BaleMap } from '@/features/map/components/bale-map';
import { mapSlots } from '@/features/map/utils/map-style';
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

  // Heatmap mode or the yield map has the map: clusters and bale icons give way to its colours
  // and legend. Turning one on turns the other off; should an address name both, the heatmap's.
  const [heatmap] = useHeatmapParams();
  const [yieldMap] = useYieldMapParams();
  const yieldYear = heatmap.type === undefined ? yieldMap.year : undefined;
  const overlayActive = heatmap.type !== undefined || yieldYear !== undefined;
  // Where the map opens without bales: the fields (null without any, or if they fail to load).
  const fields = useFields();
  const homeBounds = fields.isPending
    ? undefined
    : fields.data
      ? fieldsBounds(fields.data.fields)
      : null;

  return (
    <Box h={FULL_HEIGHT} style={{ display: 'flex' }}>
      {/* Every screen has a first heading; the map's is for screen readers. */}
      <VisuallyHidden component="h1">Map of the farm's bales</VisuallyHidden>
      <Box pos="relative" style={{ flex: 1, minWidth: 0 }}>
        <BaleMap
          selection={selection}
          onSelect={select}
          homeBounds={homeBounds}
          overlayActive={overlayActive}
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
            </>
          )}
        </BaleMap>
        <Box pos="absolute" top={12} left={12} style={{ zIndex: 2 }}>
          <GettingStarted />
        </Box>
        {selection && (
          // Ends above the map's zoom buttons so they stay reachable with a panel open.
          <Box pos="absolute" top={12} right={12} bottom={120} style={{ display: 'flex' }}>
            {selection.kind === 'bale' ? (
              <BaleDetailsPanel
                key={selection.uid}
                uid={selection.uid}
                onClose={() => select(null)}
                onOpenStack={(id) => select({ kind: 'stack', id })}
              />
            ) : (
              <StackDetailsPanel
                key={selection.id}
                stackId={selection.id}
                onClose={() => select(null)}
                onOpenBale={(uid) => select({ kind: 'bale', uid })}
              />
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
