import type { Field } from '@baletrack/contracts/fields/field';
import { Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisplayUnits } from '@/features/settings';

interface FieldListProps {
  fields: Field[];
  /** Fields ticked for export. */
  checked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (field: Field) => void;
}

/** The organization's fields by name: open one to edit it, tick some to export them. */
export function FieldList({ fields, checked, onToggle, onOpen }: FieldListProps) {
  const units = useDisplayUnits();
  const sorted = [...fields].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  return (
    <Stack gap={6} role="list" aria-label="Fields">
      {sorted.map((field) => (
        <Paper key={field.id} withBorder p="xs" radius="md" role="listitem" aria-label={field.name}>
          <Group gap="sm" wrap="nowrap">
            <Checkbox
              aria-label={`Select ${field.name} for export`}
              checked={checked.has(field.id)}
              onChange={() => onToggle(field.id)}
            />
            <UnstyledButton onClick={() => onOpen(field)} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} truncate>
                {field.name}
              </Text>
              <Text size="xs" c="dimmed">
                {units.format(field.areaHectares, 'area', 2)}
                {field.boundary.type === 'MultiPolygon' &&
                  field.boundary.coordinates.length > 1 &&
                  ` · ${field.boundary.coordinates.length} parts`}
              </Text>
            </UnstyledButton>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
