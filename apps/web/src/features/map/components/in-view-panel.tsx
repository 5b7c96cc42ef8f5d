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
import type { ReactNode } from 'react';
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

function ItemButton(props: { name: string; detail: string; onClick: () => void }) {
  return (
    <li>
      <UnstyledButton onClick={props.onClick} w="100%" py={3} px={6} className={classes.item}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
            {props.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }} aria-hidden="true">
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
export function InViewPanel({ items, onZoomToCluster, onSelect }: InViewPanelProps) {
  const [opened, list] = useDisclosure(false);
  const units = useDisplayUnits();
  const weight = (kg: number) => units.format(kg, 'weight');
  const clusters = [...(items?.clusters ?? [])].sort((a, b) => b.count - a.count);
  const stacks = items?.stacks ?? [];
  const bales = [...(items?.bales ?? [])].sort((a, b) => a.uid.localeCompare(b.uid));
  const empty = clusters.length + stacks.length + bales.length === 0;

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
        <ScrollArea.Autosize mah="40dvh" mt="xs" type="auto" scrollbars="y">
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
            {bales.length > 0 && (
              <ItemList label="Bales in view" rest={bales.length - LIST_LIMIT}>
                {bales.slice(0, LIST_LIMIT).map((b) => (
                  <ItemButton
                    key={b.uid}
                    name={`Bale ${b.uid}`}
                    detail={`${weight(b.weightKg)} · ${formatPercent(b.avgMoisture)}`}
                    onClick={() => onSelect({ kind: 'bale', uid: b.uid }, b)}
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
