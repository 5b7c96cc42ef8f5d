import type { Crop } from '@baletrack/contracts/crops/crop';
import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { type RowAction, RowActions, RowActionsHeader } from '@/components/row-actions';
import { useDeleteCutting } from '@/features/cuttings/api/delete-cutting';
import { useCuttings } from '@/features/cuttings/api/get-cuttings';
import { CuttingForm, type NamedField } from '@/features/cuttings/components/cutting-form';
import { fieldNames } from '@/features/cuttings/utils/cutting-draft';
import { useMay } from '@/features/users';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatShortDay } from '@/lib/format';

interface CuttingsPanelProps {
  /** The crop year shown first: the current one. */
  initialYear: number;
  fields: NamedField[];
  crops: Crop[];
}

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; cutting: Cutting };

/** One crop year's cuttings: add, change and delete them (a viewer only reads them). */
export function CuttingsPanel({ initialYear, fields, crops }: CuttingsPanelProps) {
  const [year, setYear] = useState(initialYear);
  const canChange = useMay()('farmData');
  const cuttings = useCuttings(year);
  const remove = useDeleteCutting();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [confirming, setConfirming] = useState<string>();
  const fieldsById = useMemo(() => new Map(fields.map((f) => [f.id, f.name])), [fields]);
  const cropsById = useMemo(() => new Map(crops.map((c) => [c.id, c.name])), [crops]);

  const destroy = async (cutting: Cutting) => {
    try {
      await remove.mutateAsync(cutting.id);
    } catch {
      return; // shown below
    }
    setConfirming(undefined);
    notifications.show({ color: 'green', message: `Cutting ${cutting.name} deleted.` });
  };

  // A delete is confirmed in the row itself: two buttons, or two entries of the row's menu.
  const deleting = (cutting: Cutting) => remove.isPending && remove.variables === cutting.id;
  const actionsOf = (cutting: Cutting): RowAction[] =>
    !canChange
      ? []
      : confirming === cutting.id
        ? [
            {
              label: `Delete ${cutting.name}`,
              onClick: () => void destroy(cutting),
              loading: deleting(cutting),
              color: 'red',
              variant: 'filled',
            },
            { label: 'Keep', onClick: () => setConfirming(undefined) },
          ]
        : [
            { label: 'Edit', onClick: () => setEditing({ kind: 'edit', cutting }) },
            {
              label: 'Delete',
              onClick: () => {
                remove.reset();
                setConfirming(cutting.id);
              },
              loading: deleting(cutting),
              color: 'red',
              variant: 'subtle',
              keepsMenuOpen: true,
            },
          ];

  return (
    <Stack gap="sm" component="section" aria-label="Cuttings">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Cuttings
        </Title>
        <Group gap="xs" align="flex-end">
          <NumberInput
            label="Crop year"
            value={year}
            onChange={(value) => typeof value === 'number' && setYear(value)}
            min={2000}
            max={2100}
            allowDecimal={false}
            w={120}
          />
          {canChange && (
            <Button onClick={() => setEditing({ kind: 'new' })} disabled={editing.kind !== 'none'}>
              New cutting
            </Button>
          )}
        </Group>
      </Group>
      {editing.kind !== 'none' && (
        <Paper withBorder p="md" radius="md">
          <CuttingForm
            key={editing.kind === 'edit' ? editing.cutting.id : 'new'}
            cutting={editing.kind === 'edit' ? editing.cutting : undefined}
            year={year}
            fields={fields}
            crops={crops}
            onDone={() => setEditing({ kind: 'none' })}
          />
        </Paper>
      )}
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {changeErrorMessage(remove.error, messages.fieldCuttingCrop.cutting.deleteFailed)}
        </Alert>
      )}
      {cuttings.isPending && <Skeleton height={80} aria-label="Loading cuttings" />}
      {cuttings.isError && (
        <Alert color="red" variant="light" role="alert">
          {changeErrorMessage(cuttings.error, messages.generic)}
        </Alert>
      )}
      {cuttings.data?.cuttings.length === 0 && (
        <Text size="sm" c="dimmed">
          No cuttings in {year}. A bale belongs to a cutting when it was made on one of the
          cutting's fields between its start and end.
        </Text>
      )}
      {cuttings.data && cuttings.data.cuttings.length > 0 && (
        // Scrolls sideways on its own on a phone, rather than the page.
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={`Cuttings of ${year}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Fields</Table.Th>
                <Table.Th>Crop</Table.Th>
                <RowActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cuttings.data.cuttings.map((cutting) => (
                <Table.Tr key={cutting.id}>
                  <Table.Td>{cutting.name}</Table.Td>
                  <Table.Td>{formatShortDay(cutting.startDate)}</Table.Td>
                  <Table.Td>{formatShortDay(cutting.endDate)}</Table.Td>
                  <Table.Td>{fieldNames(cutting.fieldIds, fieldsById) || '–'}</Table.Td>
                  <Table.Td>{(cutting.cropId && cropsById.get(cutting.cropId)) || '–'}</Table.Td>
                  <RowActions
                    label={`Actions for cutting ${cutting.name}`}
                    actions={actionsOf(cutting)}
                    onMenuClose={() => setConfirming(undefined)}
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
