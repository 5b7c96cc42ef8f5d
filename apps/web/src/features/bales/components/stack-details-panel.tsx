import type { StackValueResponse } from '@baletrack/contracts/inventory/inventory';
import { Alert, Anchor, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { useStackInfo } from '@/features/bales/api/get-stack-info';
import { useStackValue } from '@/features/bales/api/get-stack-value';
import { DetailList } from '@/features/bales/components/detail-list';
import { DetailsPanelFrame } from '@/features/bales/components/details-panel-frame';
import { useFieldNames } from '@/features/bales/hooks/use-field-names';
import { baleName, byCreationTime } from '@/features/bales/utils/bale-name';
import { gradeText } from '@/features/bales/utils/grade-text';
import { stackNutrition } from '@/features/bales/utils/stack-nutrition';
import { formatMoney } from '@/features/inventory';
import { AddToLoad } from '@/features/loads';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { useMay } from '@/features/users';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';
import { formatCount, formatNumber, formatPercent } from '@/lib/format';
import { routePaths } from '@/lib/route-names';
import classes from './stack-details-panel.module.css';

const stackGradeOf = (v: StackValueResponse) =>
  v.grade === null || v.basis === null || v.gradedValue === null
    ? null
    : { grade: v.grade, basis: v.basis, value: v.gradedValue };

/**
 * The value of the stack's bales still on hand, saying how many they are when some were loaded
 * out (the grade and the averages above are of all the stack's bales). Without a value, says why
 * and, when a price is what is missing, where to set one.
 */
function onHandValue(totals: StackValueResponse, stackCount: number): ReactNode {
  if (totals.value === null) {
    if (totals.baleCount === 0) return 'No bales on hand';
    if (totals.grade === null) return 'Not valued: the stack has no quality grade';
    return (
      <>
        No price set —{' '}
        <Anchor component={Link} to={routePaths.inventory} size="sm">
          set hay prices in Inventory
        </Anchor>
      </>
    );
  }
  const value = formatMoney(totals.value);
  return totals.baleCount < stackCount
    ? `${value} (${formatCount(totals.baleCount, 'bale', 'bales')} on hand)`
    : value;
}

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
  const value = useStackValue(stackId);
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  const fieldName = useFieldNames();
  const may = useMay();
  const stack = info.data?.stack;
  // As they were made, named by tag serial (then field and time).
  const bales = useMemo(
    () =>
      [...(info.data?.bales ?? [])]
        .sort(byCreationTime)
        .map((bale) => ({ bale, ...baleName(bale, fieldName) })),
    [info.data, fieldName],
  );

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
              { label: 'Dry matter', value: units.format(stack.dryMassKg, 'tonnage') },
              { label: 'Average moisture', value: formatPercent(stack.avgMoisture) },
              // RFV off in Settings: the nutrition values instead.
              ...(rfvEnabled
                ? [
                    {
                      label: 'Average RFV',
                      value: stack.avgRfv === null ? null : formatNumber(stack.avgRfv),
                    },
                  ]
                : stackNutrition(info.data.bales).map(({ label, value }) => ({
                    label,
                    value: value === null ? null : formatPercent(value),
                  }))),
              {
                label: 'Quality grade',
                value: value.data ? gradeText(stackGradeOf(value.data), rfvEnabled) : null,
              },
              {
                label: 'Value on hand',
                value: value.data ? onHandValue(value.data, stack.count) : null,
              },
              { label: 'Storage', value: info.data.geofence?.name ?? 'Not in a storage area' },
              { label: 'Location', value: `${stack.lat.toFixed(5)}, ${stack.lon.toFixed(5)}` },
            ]}
          />
          {/* The bales listed below: those the map counts in the stack. */}
          {may('loads') && info.data.bales.length > 0 && (
            <AddToLoad pick={{ uids: info.data.bales.map((bale) => bale.uid) }} />
          )}
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
              {bales.map(({ bale, name, detail }) => (
                <li key={bale.uid}>
                  <UnstyledButton className={classes.item} onClick={() => onOpenBale(bale.uid)}>
                    {/* The whole tag id and time show, wrapped where the panel is narrow. */}
                    <Stack gap={0} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Text size="sm">{name}</Text>
                      <Text size="xs" c="dimmed">
                        {detail}
                      </Text>
                    </Stack>
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
