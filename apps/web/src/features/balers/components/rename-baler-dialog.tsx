import type { Baler } from '@baletrack/contracts/balers/baler';
import { nameSchema } from '@baletrack/contracts/common/name';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useRenameBaler } from '@/features/balers/api/rename-baler';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

interface RenameBalerDialogProps {
  /** The baler to rename; the dialog is open while set. */
  baler: Baler | null;
  onClose: () => void;
}

/** A new name (alias) for a baler; its VIN and key stay. */
export function RenameBalerDialog({ baler, onClose }: RenameBalerDialogProps) {
  return (
    <Modal
      opened={baler !== null}
      onClose={onClose}
      title="Rename baler"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Keyed so each opening starts from the baler's current name. */}
      {baler && <RenameForm key={baler.id} baler={baler} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ baler, onClose }: { baler: Baler; onClose: () => void }) {
  const rename = useRenameBaler();
  const [name, setName] = useState(baler.name);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const save = async () => {
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await rename.mutateAsync({ id: baler.id, name: parsed.data });
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: `The baler is now called ${parsed.data}.` });
    onClose();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {rename.isError && (
          <Alert color="red" variant="light" role="alert">
            {balerErrorMessage(rename.error)}
          </Alert>
        )}
        <TextInput
          label="Name"
          description={`VIN ${baler.vin}`}
          value={name}
          error={problem}
          data-autofocus
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
