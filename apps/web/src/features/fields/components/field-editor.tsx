import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { measureBoundary } from '@baletrack/domain/geo/boundary-measure';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCreateField } from '@/features/fields/api/create-field';
import { useUpdateField } from '@/features/fields/api/update-field';
import type { BoundaryDraw } from '@/features/fields/hooks/use-boundary-draw';
import { holeCount } from '@/features/fields/utils/boundary-parts';
import { type DraftProblems, draftOf, fieldRequest } from '@/features/fields/utils/field-draft';
import { useDisplayUnits } from '@/features/settings';
import { changeErrorMessage } from '@/lib/change-error-message';

interface FieldEditorProps {
  /** The field to change; a new one when absent. */
  field?: Field;
  draw: BoundaryDraw;
  onDone: () => void;
  onDelete?: () => void;
}

/**
 * Names a field and saves what is drawn on the map, with its area and perimeter measured live
 * in the organization's units. An unchanged boundary is sent back exactly as it was stored.
 */
export function FieldEditor({ field, draw, onDone, onDelete }: FieldEditorProps) {
  const units = useDisplayUnits();
  const [start] = useState(() => draftOf(field, units));
  const [name, setName] = useState(start.name);
  const [sizeText, setSizeText] = useState(start.sizeText);
  const [problems, setProblems] = useState<DraftProblems>({});
  const create = useCreateField();
  const update = useUpdateField();
  const mutation = field ? update : create;
  const boundary = field && !draw.edited ? field.boundary : draw.boundary;
  const measured = boundary ? measureBoundary(boundary) : null;
  const holes = boundary ? holeCount(boundary) : 0;

  const save = async () => {
    const { request, problems: found } = fieldRequest(
      { ...start, name, sizeText, boundary },
      units,
    );
    setProblems(found);
    if (!request) return;
    try {
      const saved = field
        ? await update.mutateAsync({ id: field.id, ...request })
        : await create.mutateAsync(request);
      notifications.show({ color: 'green', message: `Field ${saved.name} saved.` });
      onDone();
    } catch {
      // shown below
    }
  };

  const failed = field
    ? messages.fieldCuttingCrop.field.updateFailed
    : messages.fieldCuttingCrop.field.createFailed;
  return (
    <Stack gap="sm" component="section" aria-label={field ? `Edit ${field.name}` : 'New field'}>
      <Title order={2} size="h4">
        {field ? `Edit ${field.name}` : 'New field'}
      </Title>
      <Text size="sm" c="dimmed">
        {draw.drawing
          ? 'Click the map to place the corners; click the first corner again to close the field.'
          : 'Drag a corner to move it, drag a small middle point to add one, right-click a corner to remove it.'}
      </Text>
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={problems.name}
        data-autofocus
      />
      <TextInput
        label={`Known size (${units.symbol('area')}, optional)`}
        description="The size you know the field by, if it differs from the drawn area."
        value={sizeText}
        onChange={(event) => setSizeText(event.currentTarget.value)}
        error={problems.sizeHectares}
        inputMode="decimal"
      />
      <Group gap="xl" aria-live="polite">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Area
          </Text>
          <Text fw={600} data-testid="field-area">
            {measured ? units.format(measured.areaHectares, 'area', 2) : '–'}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Perimeter
          </Text>
          <Text fw={600} data-testid="field-perimeter">
            {measured ? units.format(measured.perimeterMetres, 'length', 0) : '–'}
          </Text>
        </Stack>
      </Group>
      {!draw.editable && (
        <Text size="sm" c="dimmed">
          This boundary cannot be redrawn here (its corners are too many or it crosses itself); you
          can still rename the field or delete it.
        </Text>
      )}
      {holes > 0 && (
        <Text size="xs" c="dimmed">
          {holes === 1 ? 'Its hole is' : `Its ${holes} holes are`} kept as imported; only outlines
          can be redrawn here.
        </Text>
      )}
      {problems.boundary && (
        <Text size="sm" c="red">
          {problems.boundary}
        </Text>
      )}
      {mutation.isError && (
        <Alert color="red" variant="light" role="alert">
          {changeErrorMessage(mutation.error, failed)}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Button onClick={() => void save()} loading={mutation.isPending}>
            Save field
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
        <Group gap="xs">
          {!draw.drawing && draw.editable && (
            <Button variant="subtle" onClick={draw.drawPart}>
              Add a part
            </Button>
          )}
          {onDelete && (
            <Button variant="subtle" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
