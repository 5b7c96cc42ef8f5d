import { NAME_MAX_LENGTH } from '@baletrack/contracts/constants';
import { type Crop, saveCropQuerySchema } from '@baletrack/contracts/crops/crop';
import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useCreateCrop } from '@/features/crops/api/create-crop';
import { useDeleteCrop } from '@/features/crops/api/delete-crop';
import { useCrops } from '@/features/crops/api/get-crops';
import { CropRow } from '@/features/crops/components/crop-row';
import { useMay } from '@/features/users';
import { changeErrorMessage } from '@/lib/change-error-message';

const m = messages.fieldCuttingCrop.crop;

/**
 * Crops: add, rename and delete; a crop cuttings use cannot be deleted (the server says which). A
 * viewer only reads the list.
 */
export function CropsPanel() {
  const crops = useCrops();
  const create = useCreateCrop();
  const remove = useDeleteCrop();
  const canChange = useMay()('farmData');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    // The last attempt's refusal is stale once the name is checked again.
    create.reset();
    const checked = saveCropQuerySchema.safeParse({ name });
    setNameError(checked.error?.issues[0]?.message);
    if (!checked.success) return;
    try {
      const crop = await create.mutateAsync(checked.data.name);
      notifications.show({ color: 'green', message: `Crop ${crop.name} added.` });
      setName('');
    } catch {
      // shown below
    }
  };
  const destroy = async (crop: Crop) => {
    try {
      await remove.mutateAsync(crop.id);
      notifications.show({ color: 'green', message: `Crop ${crop.name} deleted.` });
      return true;
    } catch {
      return false; // shown below
    }
  };

  return (
    <Stack gap="sm" component="section" aria-label="Crops">
      <Title order={2} size="h3">
        Crops
      </Title>
      {canChange && (
        <form onSubmit={(event) => void add(event)}>
          {/* A visible label, so 'Name is required.' says which box; the button goes below it. */}
          <Stack gap="xs">
            <TextInput
              label="New crop name"
              description={`At most ${NAME_MAX_LENGTH} characters.`}
              placeholder="Alfalfa, timothy, oat hay…"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={
                nameError ??
                (create.isError ? changeErrorMessage(create.error, m.createFailed) : undefined)
              }
            />
            <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              Add crop
            </Button>
          </Stack>
        </form>
      )}
      {remove.isError && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={remove.reset}>
          {changeErrorMessage(remove.error, m.deleteFailed)}
        </Alert>
      )}
      {crops.isPending && <Skeleton height={80} aria-label="Loading crops" />}
      {crops.isError && (
        <Alert color="red" variant="light" role="alert">
          {messages.generic}
        </Alert>
      )}
      {crops.data?.crops.length === 0 && (
        <Text size="sm" c="dimmed">
          No crops yet. A cutting with a crop gives its bales that crop.
        </Text>
      )}
      <Paper withBorder radius="md">
        <Stack gap={0} role="list" aria-label="Crop list">
          {crops.data?.crops.map((crop) => (
            <CropRow
              key={crop.id}
              crop={crop}
              deleting={remove.isPending && remove.variables === crop.id}
              onDelete={() => destroy(crop)}
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
