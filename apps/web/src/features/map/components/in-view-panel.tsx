import type { BalesQuery } from '@baletrack/contracts/bales/bale-reads';
import type { ClustersResponse, MapCluster } from '@baletrack/contracts/map/map';
import {
  Button,
  Collapse,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { baleName, byCreationTime, useBalesInView, useFieldNames } from '@/features/bales';
import type { MapSelection } from '@/features/map/utils/map-selection';
import { viewSummary } from '@/features/map/utils/view-summary';
import { useDisplayUnits } from '@/features/settings';
import { formatCount, formatPercent } from '@/lib/format';
import classes from './in-view-panel.module.css';

// A list longer than this says how many more there are; zooming in shows them.
const LIST_LIMIT = 100;

interface InViewPanelProps {
  items: ClustersResponse | undefined;
  onZoomToCluster: (cluster: MapCluster) => void;
  onSelect: (selection: MapSelection, at: { lon: number; lat: number }) => void;
  /** The view the answer is for: its bales are read to name them when the list shows them. */
  balesQuery: BalesQuery | undefined;
}

function ItemList({ label, rest, children }: { label: string; rest: number; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Stack component="ul" aria-label={label} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
      {rest > 0 && (
        <Text size="xs" c="dimmed">
          and {formatCount(rest, 'more', 'more')}: zoom in to see them
        </Text>
      )}
    </Stack>
  );
}

function ItemButton(props: {
  name: string;
  detail: string;
  /** A second line under the name (a bale's field and time). */
  subtitle?: string;
  onClick: () => void;
}) {
  return (
    <li>
      <UnstyledButton onClick={props.onClick} w="100%" py={3} px={6} className={classes.item}>
        {/* Nothing is cut: a name too long for the row wraps (a tag id anywhere), and the figures,
            kept whole with their units, move under it when they do not fit beside it. */}
        <Group justify="space-between" align="flex-start" gap="xs" style={{ rowGap: 0 }}>
          <Stack gap={0} className={classes.names}>
            <Text size="sm" className={classes.wraps}>
              {props.name}
            </Text>
            {props.subtitle && (
              <Text size="xs" c="dimmed" className={classes.wraps}>
                {props.subtitle}
              </Text>
            )}
          </Stack>
          <Text size="xs" c="dimmed" className={classes.figures} aria-hidden="true">
            {props.detail}
          </Text>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/**
 * What the map draws, in words and as buttons: the summary is a live region, and the lists
 * reach every cluster, stack and bale in view by keyboard (the same actions as clicking them
 * on the map).
 */
export function InViewPanel({ items, onZoomToCluster, onSelect, balesQuery }: InViewPanelProps) {
  const [opened, list] = useDisclosure(false);
  const units = useDisplayUnits();
  const weight = (kg: number) => units.format(kg, 'weight');
  const clusters = [...(items?.clusters ?? [])].sort((a, b) => b.count - a.count);
  const stacks = items?.stacks ?? [];
  const loose = items?.bales ?? [];
  const empty = clusters.length + stacks.length + loose.length === 0;
  // Single bales are named by tag serial (then field and time) and listed as they were made:
  // the map's answer carries neither, so the view's bales are read while the list shows them.
  const named = useBalesInView(opened && loose.length > 0 ? balesQuery : undefined);
  const fieldName = useFieldNames();
  const bales = useMemo(() => {
    const full = new Map(named.data?.bales.map((bale) => [bale.uid, bale]));
    return loose
      .flatMap((point) => {
        const bale = full.get(point.uid);
        return bale ? [{ point, bale, ...baleName(bale, fieldName) }] : [];
      })
      .sort((a, b) => byCreationTime(a.bale, b.bale));
  }, [loose, named.data, fieldName]);

  return (
    <Paper component="section" aria-label="In view" shadow="sm" p="sm" radius="md" w={300}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} role="status" data-testid="map-summary">
          {viewSummary(items)}
        </Text>
        {!empty && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={list.toggle}
            aria-expanded={opened}
            style={{ flex: 'none' }}
            // One name either way (the state is aria-expanded); the arrow shows it to the eye.
            rightSection={<span aria-hidden="true">{opened ? '▴' : '▾'}</span>}
          >
            List
          </Button>
        )}
      </Group>
      <Collapse expanded={opened && !empty}>
        {/* Focusable, so the keyboard scrolls it even while it holds no button (bales being
            named); short enough on a small window to leave the legend above it some room (the
            legend scrolls in what is left: bale-map.module.css) and to stay clear of the
            support chat's button below. */}
        <ScrollArea.Autosize
          mah="clamp(120px, calc(100dvh - 360px), 40dvh)"
          mt="xs"
          type="auto"
          scrollbars="y"
          viewportProps={{ tabIndex: 0 }}
        >
          <Stack gap="sm" pr="xs">
            {clusters.length > 0 && (
              <ItemList label="Clusters in view" rest={clusters.length - LIST_LIMIT}>
                {clusters.slice(0, LIST_LIMIT).map((c) => (
                  <ItemButton
                    key={c.id}
                    name={`Cluster of ${formatCount(c.count, 'bale', 'bales')}`}
                    detail={`avg ${formatPercent(c.avgMoisture)}`}
                    onClick={() => onZoomToCluster(c)}
                  />
                ))}
              </ItemList>
            )}
            {stacks.length > 0 && (
              <ItemList label="Stacks in view" rest={stacks.length - LIST_LIMIT}>
                {stacks.slice(0, LIST_LIMIT).map((s) => (
                  <ItemButton
                    key={s.id}
                    name={`Stack of ${formatCount(s.count, 'bale', 'bales')}`}
                    detail={formatPercent(s.avgMoisture)}
                    onClick={() => onSelect({ kind: 'stack', id: s.id }, s)}
                  />
                ))}
              </ItemList>
            )}
            {loose.length > 0 && bales.length === 0 && (
              <Text size="xs" c="dimmed">
                {named.isError ? 'The bales could not be named.' : 'Naming the bales…'}
              </Text>
            )}
            {bales.length > 0 && (
              <ItemList label="Bales in view" rest={bales.length - LIST_LIMIT}>
                {bales.slice(0, LIST_LIMIT).map(({ point, name, detail }) => (
                  <ItemButton
                    key={point.uid}
                    name={name}
                    subtitle={detail}
                    detail={`${weight(point.weightKg)} · ${formatPercent(point.avgMoisture)}`}
                    onClick={() => onSelect({ kind: 'bale', uid: point.uid }, point)}
                  />
                ))}
              </ItemList>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Collapse>
    </Paper>
  );
}
