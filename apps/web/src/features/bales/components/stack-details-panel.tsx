import { Alert, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useStackInfo } from '@/features/bales/api/get-stack-info';
import { DetailList } from '@/features/bales/components/detail-list';
import { DetailsPanelFrame } from '@/features/bales/components/details-panel-frame';
import { useDisplayUnits } from '@/features/settings';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';
import classes from './stack-details-panel.module.css';

interface StackDetailsPanelProps {
  stackId: string;
  onClose: () => void;
  onOpenBale: (uid: string) => void;
}

/** A stack's totals, where it is stored and its bales (region 'Stack details'). */
export function StackDetailsPanel({ stackId, onClose, onOpenBale }: StackDetailsPanelProps) {
  const [filter] = useBaleTimeFilter();
  const [filterId] = useActiveFilter();
  // The applied filter too: the panel counts the same bales as the stack on the map.
  const info = useStackInfo(stackId, { ...filter, ...(filterId && { filterId }) });
  const units = useDisplayUnits();
  const stack = info.data?.stack;

  return (
    <DetailsPanelFrame
      label="Stack details"
      title={stack ? `Stack of ${formatCount(stack.count, 'bale', 'bales')}` : 'Stack'}
      onClose={onClose}
    >
      {info.isPending && <Skeleton height={200} aria-label="Loading stack details" />}
      {info.isError && (
        <Alert color="red" variant="light">
          The stack could not be loaded. Please try again.
        </Alert>
      )}
      {info.data && stack && (
        <>
          <DetailList
            rows={[
              { label: 'Bales', value: formatNumber(stack.count) },
              {
                label: 'Total weight',
                value: units.format(stack.totalWeightKg, 'tonnage'),
              },
              { label: 'Dry mass', value: units.format(stack.dryMassKg, 'tonnage') },
              { label: 'Average moisture', value: formatPercent(stack.avgMoisture) },
              {
                label: 'Average RFV',
                value: stack.avgRfv === null ? null : formatNumber(stack.avgRfv),
              },
              { label: 'Storage', value: info.data.geofence?.name ?? 'Not in a storage area' },
              { label: 'Location', value: `${stack.lat.toFixed(5)}, ${stack.lon.toFixed(5)}` },
            ]}
          />
          <Stack gap={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              Bales in this stack
            </Text>
            <Stack
              component="ul"
              aria-label="Bales in this stack"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {info.data.bales.map((bale) => (
                <li key={bale.uid}>
                  <UnstyledButton className={classes.item} onClick={() => onOpenBale(bale.uid)}>
                    <Text
                      size="sm"
                      truncate
                      style={{ flex: 1, minWidth: 0 }}
                    >{`Bale ${bale.uid}`}</Text>
                    <Text size="xs" c="dimmed" aria-hidden="true" style={{ flex: 'none' }}>
                      {units.format(bale.weightKg, 'weight')} · {formatPercent(bale.avgMoisture)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </Stack>
        </>
      )}
    </DetailsPanelFrame>
  );
}
