import type { LoadBale } from '@baletrack/contracts/loads/loads';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@/features/inventory';
import { useRemoveLoadBales } from '@/features/loads/api/remove-load-bales';
import { changeErrorMessage } from '@/lib/change-error-message';
import type { DisplayUnits } from '@/lib/display-units';
import { formatCount, formatNumber, formatPercent, formatShortDate } from '@/lib/format';

/** Rows a page: a load holds up to 10,000 bales, a truck a few dozen to a few hundred. */
const PAGE_SIZE = 100;
const dash = '—';

/** A bale as read off it: its tag, else its uid (a load's bales must be told apart). */
const baleLabel = (bale: LoadBale) => bale.tagSerialNumber ?? bale.uid;

interface LoadBalesTableProps {
  loadId: string;
  bales: LoadBale[];
  units: DisplayUnits;
  rfvEnabled: boolean;
  /** Bales may be taken off: an open load, for the owner or a manager. */
  canRemove: boolean;
}

/** The load's bales with what the buyer asks of each; wet and below-grade ones say so in words. */
export function LoadBalesTable({
  loadId,
  bales,
  units,
  rfvEnabled,
  canRemove,
}: LoadBalesTableProps) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const remove = useRemoveLoadBales(loadId);
  const pages = Math.max(1, Math.ceil(bales.length / PAGE_SIZE));
  const shown = bales.slice(
    (Math.min(page, pages) - 1) * PAGE_SIZE,
    Math.min(page, pages) * PAGE_SIZE,
  );
  // Bales removed meanwhile (another tab) drop out of the selection.
  const chosen = bales.filter((b) => selected.has(b.uid)).map((b) => b.uid);
  const allShownChosen = shown.length > 0 && shown.every((b) => selected.has(b.uid));

  const toggle = (uids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const uid of uids) {
      if (on) next.add(uid);
      else next.delete(uid);
    }
    setSelected(next);
  };
  const removeChosen = () => remove.mutate(chosen, { onSuccess: () => setSelected(new Set()) });

  return (
    <Stack gap="xs" component="section" aria-label="Bales in this load">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Bales
        </Title>
        {canRemove && (
          <Button
            variant="default"
            color="red"
            disabled={chosen.length === 0}
            loading={remove.isPending}
            onClick={removeChosen}
          >
            {chosen.length === 0
              ? 'Remove selected bales'
              : `Remove ${formatCount(chosen.length, 'bale', 'bales')}`}
          </Button>
        )}
      </Group>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert" py={6}>
          {changeErrorMessage(remove.error, 'Failed to remove the bales.')}
        </Alert>
      )}
      {bales.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bales in this load yet.
        </Text>
      ) : (
        // On a phone the table scrolls sideways in its own box; its viewport takes keyboard focus.
        <ScrollArea
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Bales table' }}
        >
          <Table striped aria-label="Bales" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                {canRemove && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select the bales on this page"
                      checked={allShownChosen}
                      indeterminate={!allShownChosen && shown.some((b) => selected.has(b.uid))}
                      onChange={(event) =>
                        toggle(
                          shown.map((b) => b.uid),
                          event.currentTarget.checked,
                        )
                      }
                    />
                  </Table.Th>
                )}
                <Table.Th>Bale</Table.Th>
                <Table.Th>Fields</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th ta="right">Weight ({units.symbol('weight')})</Table.Th>
                <Table.Th ta="right">Moisture</Table.Th>
                <Table.Th ta="right">{rfvEnabled ? 'RFV' : 'Protein'}</Table.Th>
                <Table.Th>Grade</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((bale) => (
                <Table.Tr key={bale.uid}>
                  {canRemove && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select bale ${baleLabel(bale)}`}
                        checked={selected.has(bale.uid)}
                        onChange={(event) => toggle([bale.uid], event.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>{baleLabel(bale)}</Table.Td>
                  <Table.Td>{bale.fieldNames.join(', ') || dash}</Table.Td>
                  <Table.Td>{formatShortDate(bale.creationTime)}</Table.Td>
                  <Table.Td ta="right">
                    {formatNumber(units.fromSI(bale.weightKg, 'weight'))}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatPercent(bale.avgMoisture)}
                    {bale.wet && (
                      <Badge
                        ml={6}
                        color="red"
                        variant="light"
                        title={`Above the safe ${formatPercent(bale.safeMaxMoisture)} for its shape`}
                      >
                        Wet
                        <VisuallyHidden>
                          : above the safe {formatPercent(bale.safeMaxMoisture)} for its shape
                        </VisuallyHidden>
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {rfvEnabled
                      ? bale.rfv === null
                        ? dash
                        : formatNumber(bale.rfv)
                      : bale.protein === null
                        ? dash
                        : formatPercent(bale.protein)}
                  </Table.Td>
                  <Table.Td>
                    {bale.grade === null ? 'Ungraded' : hayGradeLabel(bale.grade)}
                    {bale.belowGrade && (
                      <Badge ml={6} color="orange" variant="light">
                        Below grade
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(bale.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
