import {
  type ConvertedFeatureCollection,
  fileFormatLabels,
} from '@baletrack/contracts/convert/formats';
import type { Field } from '@baletrack/contracts/fields/field';
import { measureBoundary } from '@baletrack/domain/geo/boundary-measure';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { clashingNames } from '@/features/fields/utils/import-names';
import type { ImportRow } from '@/features/fields/utils/import-rows';
import { useDisplayUnits } from '@/features/settings';
import { formatCount } from '@/lib/format';

interface ImportPreviewProps {
  converted: ConvertedFeatureCollection;
  rows: ImportRow[];
  existing: Field[];
  saving: boolean;
  onRowsChange: (rows: ImportRow[]) => void;
  onSave: () => void;
  onClose: () => void;
}

const NAME_TAKEN = 'Another field has this name; choose another.';

/** The fields read from a file, to name and choose, and what the file held that was refused. */
export function ImportPreview(props: ImportPreviewProps) {
  const { converted, rows, existing, saving, onRowsChange, onSave, onClose } = props;
  const units = useDisplayUnits();
  const pending = rows.filter((row) => row.chosen && !row.outcome?.saved);
  // Names already saved from this file count as existing ones.
  const clashes = clashingNames(
    rows.map((row) => row.name),
    rows.map((row) => row.chosen && !row.outcome?.saved),
    existing.map((field) => field.name),
  );
  const change = (key: number, patch: Partial<ImportRow>) =>
    onRowsChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <Stack gap="sm">
      <Text size="sm">
        Read as {fileFormatLabels[converted.sourceFormat]}:{' '}
        {formatCount(rows.length, 'field', 'fields')} to import
        {converted.refused.length > 0 && `, ${converted.refused.length} refused`}.
      </Text>
      {converted.notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
      {converted.refused.length > 0 && (
        <Alert color="yellow" variant="light" title="Not imported">
          <List size="sm" spacing={4}>
            {converted.refused.map((refused) => (
              <List.Item key={refused.index}>
                {refused.name ?? `Feature ${refused.index + 1}`}: {refused.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Stack gap={6} role="list" aria-label="Fields to import">
        {rows.map((row) => (
          <Paper key={row.key} withBorder p="xs" radius="md" role="listitem">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={8}
                aria-label={`Import field ${row.key + 1}`}
                checked={row.chosen}
                disabled={row.outcome?.saved}
                onChange={(event) => change(row.key, { chosen: event.currentTarget.checked })}
              />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <TextInput
                  aria-label={`Name of field ${row.key + 1}`}
                  value={row.name}
                  disabled={row.outcome?.saved}
                  onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                  error={clashes.has(rows.indexOf(row)) ? NAME_TAKEN : undefined}
                />
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {units.format(measureBoundary(row.boundary).areaHectares, 'area', 2)}
                  </Text>
                  {row.outcome?.saved && (
                    <Badge size="sm" color="green">
                      Saved
                    </Badge>
                  )}
                </Group>
                {row.outcome && !row.outcome.saved && (
                  <Text size="xs" c="red" role="alert">
                    {row.outcome.message}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group gap="xs">
        {pending.length > 0 && (
          <Button onClick={onSave} loading={saving} disabled={clashes.size > 0}>
            Save {formatCount(pending.length, 'field', 'fields')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {pending.length > 0 ? 'Cancel' : 'Done'}
        </Button>
      </Group>
    </Stack>
  );
}
