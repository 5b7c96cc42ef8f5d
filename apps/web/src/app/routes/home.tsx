import type { Field } from '@baletrack/contracts/fields/field';
import { AppShell, Box } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { GettingStarted } from '@/app/routes/home-getting-started';
import { HomeHeader } from '@/app/routes/home-header';
import { readSelection, writeSelection } from '@/app/routes/home-selection';
import { BaleDetailsPanel } from '@/features/bales/components/bale-details-panel';
import { StackDetailsPanel } from '@/features/bales/components/stack-details-panel';
import { useFields } from '@/features/fields/api/get-fields';
import { FieldsLayer } from '@/features/fields/components/fields-layer';
import { fieldsBounds } from '@/features/fields/utils/field-features';
import { HeatmapMode } from '@/features/heatmaps/components/heatmap-mode';
import { BaleMap } from '@/features/map/components/bale-map';
import type { MapSelection } from '@/features/map/utils/map-selection';
import { mapSlots } from '@/features/map/utils/map-style';

const HEADER_HEIGHT = 60;
const noFields: Field[] = [];

/**
 * The map home (docs/product.md#screens-and-routes): the farm's bales full-screen under the header,
 * details at the side.
 */
export function HomeRoute() {
  const [params, setParams] = useSearchParams();
  const selection = readSelection(params);
  const select = (next: MapSelection | null) =>
    setParams((current) => writeSelection(current, next));

  // The map opens on the fields; without any (or if they fail to load) on the bales.
  const fields = useFields();
  const homeBounds = fields.isPending
    ? undefined
    : fields.data
      ? fieldsBounds(fields.data.fields)
      : null;

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <HomeHeader />
      </AppShell.Header>
      <AppShell.Main h="100dvh" style={{ boxSizing: 'border-box', display: 'flex' }}>
        <Box pos="relative" style={{ flex: 1, minWidth: 0 }}>
          <BaleMap selection={selection} onSelect={select} homeBounds={homeBounds}>
            {({ onImagery }) => (
              <>
                <FieldsLayer
                  beforeId={mapSlots.fields}
                  labelsBeforeId={mapSlots.labels}
                  onImagery={onImagery}
                />
                <HeatmapMode fields={fields.data?.fields ?? noFields} beforeId={mapSlots.fields} />
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
      </AppShell.Main>
    </AppShell>
  );
}
