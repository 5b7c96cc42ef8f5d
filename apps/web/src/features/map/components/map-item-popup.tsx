import { Stack, Text } from '@mantine/core';
import { Popup } from 'react-map-gl/maplibre';
import type { MapItemProperties } from '@/features/map/utils/map-features';
import { useDisplayUnits } from '@/features/settings';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';

export interface HoveredItem {
  item: MapItemProperties;
  lon: number;
  lat: number;
}

function title(item: MapItemProperties): string {
  if (item.kind === 'bale') return `Bale ${item.id}`;
  const bales = formatCount(item.count, 'bale', 'bales');
  return item.kind === 'stack' ? `Stack of ${bales}` : bales;
}

/** What the pointer rests on: a cluster's averages, a stack's or a bale's values. */
export function MapItemPopup({ hovered }: { hovered: HoveredItem }) {
  const units = useDisplayUnits();
  const { item } = hovered;
  const name = (measure: string) =>
    item.kind === 'bale' ? measure[0]?.toUpperCase() + measure.slice(1) : `Avg ${measure}`;
  const hint =
    item.kind === 'cluster'
      ? 'Click to zoom in'
      : item.kind === 'stack'
        ? 'Click for the stack'
        : 'Click for details';
  return (
    <Popup
      longitude={hovered.lon}
      latitude={hovered.lat}
      closeButton={false}
      closeOnClick={false}
      offset={item.kind === 'cluster' ? 26 : 16}
      maxWidth="260px"
    >
      <Stack gap={2}>
        <Text fw={700} size="sm">
          {title(item)}
        </Text>
        <Text size="xs">
          {name('weight')} {units.format(item.weightKg, 'weight')}
        </Text>
        <Text size="xs">
          {name('moisture')} {formatPercent(item.moisture)}
        </Text>
        {item.rfv !== undefined && (
          <Text size="xs">
            {name('RFV')} {formatNumber(item.rfv)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Popup>
  );
}
