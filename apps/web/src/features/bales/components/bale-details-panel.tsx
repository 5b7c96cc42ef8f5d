import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useBaleInfo } from '@/features/bales/api/get-bale-info';
import { DetailList } from '@/features/bales/components/detail-list';
import { DetailsPanelFrame } from '@/features/bales/components/details-panel-frame';
import { KeyFigures } from '@/features/bales/components/key-figures';
import { baleDetailGroups } from '@/features/bales/utils/bale-detail-groups';
import { baleName } from '@/features/bales/utils/bale-name';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { isApiError } from '@/lib/api-client';
import { formatNumber, formatPercent } from '@/lib/format';

interface BaleDetailsPanelProps {
  uid: string;
  onClose: () => void;
  onOpenStack: (stackId: string) => void;
}

/** Every attribute of one bale in the organization's units (region 'Bale details'). */
export function BaleDetailsPanel({ uid, onClose, onOpenStack }: BaleDetailsPanelProps) {
  const info = useBaleInfo(uid);
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  const bale = info.data?.bale;
  const fieldNames = new Map(info.data?.fields.map((field) => [field.id, field.name]));
  const named = bale && baleName(bale, (id) => fieldNames.get(id));

  return (
    <DetailsPanelFrame
      label="Bale details"
      title={named?.name ?? 'Bale'}
      subtitle={named?.detail}
      onClose={onClose}
    >
      {info.isPending && (
        <Stack gap="xs" role="status" aria-label="Loading bale details">
          <Skeleton height={56} />
          <Skeleton height={220} />
        </Stack>
      )}
      {info.isError && (
        <Alert color={isApiError(info.error, 404) ? 'gray' : 'red'} variant="light">
          {isApiError(info.error, 404)
            ? 'This bale is not available: it may need a subscription or lie outside the time selection.'
            : 'The bale could not be loaded. Please try again.'}
        </Alert>
      )}
      {info.data && bale && (
        <>
          <KeyFigures
            figures={[
              { label: 'Weight', value: units.format(bale.weightKg, 'weight') },
              { label: 'Moisture', value: formatPercent(bale.avgMoisture) },
              rfvEnabled
                ? { label: 'RFV', value: bale.rfv === null ? '—' : formatNumber(bale.rfv) }
                : {
                    label: 'Protein',
                    value: bale.protein === null ? '—' : formatPercent(bale.protein),
                  },
            ]}
          />
          {info.data.stackId && (
            <Button
              variant="light"
              size="xs"
              onClick={() => info.data?.stackId && onOpenStack(info.data.stackId)}
            >
              Open its stack
            </Button>
          )}
          {baleDetailGroups(info.data, units, { rfvEnabled }).map((group) => (
            <DetailList key={group.title} title={group.title} rows={group.rows} />
          ))}
        </>
      )}
    </DetailsPanelFrame>
  );
}
