import { Skeleton, Stack, Text } from '@mantine/core';
import { Popup } from 'react-map-gl/maplibre';
import { baleName, useBaleInfo } from '@/features/bales';
import { LEGUME_HIDDEN, type ShownGrade, shownGradeLabel } from '@/features/map/utils/grade-colour';
import type { MapItemProperties } from '@/features/map/utils/map-features';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';

export interface HoveredItem {
  item: MapItemProperties;
  lon: number;
  lat: number;
}

function title(item: MapItemProperties): string {
  const bales = formatCount(item.count, 'bale', 'bales');
  return item.kind === 'stack' ? `Stack of ${bales}` : bales;
}

/** A bale's name as people read it (tag serial, field, time), read when it is hovered. */
function BaleTitle({ uid }: { uid: string }) {
  const info = useBaleInfo(uid);
  if (!info.data) {
    return info.isError ? (
      <Text fw={700} size="sm">
        Bale
      </Text>
    ) : (
      <Skeleton height={32} width={180} aria-label="Loading the bale's name" />
    );
  }
  const fields = new Map(info.data.fields.map((field) => [field.id, field.name]));
  const named = baleName(info.data.bale, (id) => fields.get(id));
  return (
    <Stack gap={0}>
      <Text fw={700} size="sm">
        {named.name}
      </Text>
      <Text size="xs" c="dimmed">
        {named.detail}
      </Text>
    </Stack>
  );
}

/** 'Grade Good (grass)', a cluster's 'Mostly Good (grass)'; legume hay with RFV off has none. */
function gradeLine(kind: MapItemProperties['kind'], grade: ShownGrade): string {
  if (grade === LEGUME_HIDDEN) return kind === 'cluster' ? 'Mostly legume hay' : 'Legume hay';
  return `${kind === 'cluster' ? 'Mostly' : 'Grade'} ${shownGradeLabel(grade)}`;
}

/** What the pointer rests on: a cluster's averages, a stack's or a bale's values. */
export function MapItemPopup({ hovered }: { hovered: HoveredItem }) {
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
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
        {item.kind === 'bale' ? (
          <BaleTitle uid={item.id} />
        ) : (
          <Text fw={700} size="sm">
            {title(item)}
          </Text>
        )}
        <Text size="xs">
          {name('weight')} {units.format(item.weightKg, 'weight')}
        </Text>
        <Text size="xs">
          {name('moisture')} {formatPercent(item.moisture)}
        </Text>
        {rfvEnabled && item.rfv !== undefined && (
          <Text size="xs">
            {name('RFV')} {formatNumber(item.rfv)}
          </Text>
        )}
        {!rfvEnabled && item.protein !== undefined && (
          <Text size="xs">
            {name('protein')} {formatPercent(item.protein)}
          </Text>
        )}
        {item.grade !== undefined && <Text size="xs">{gradeLine(item.kind, item.grade)}</Text>}
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Popup>
  );
}
