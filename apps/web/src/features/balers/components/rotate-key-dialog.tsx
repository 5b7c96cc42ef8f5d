import type { Baler, BalerWithKey } from '@baletrack/contracts/balers/baler';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRotateBalerKey } from '@/features/balers/api/rotate-baler-key';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

interface RotateKeyDialogProps {
  /** The baler to re-key; the dialog is open while set. */
  baler: Baler | null;
  onClose: () => void;
  /** Called with the new key, which the caller shows once. */
  onRotated: (result: BalerWithKey) => void;
}

/** A new ingest key replaces the old one at once, so the owner confirms first. */
export function RotateKeyDialog({ baler, onClose, onRotated }: RotateKeyDialogProps) {
  const rotate = useRotateBalerKey();
  const close = () => {
    rotate.reset();
    onClose();
  };
  const confirm = async () => {
    if (!baler) return;
    let result: BalerWithKey;
    try {
      result = await rotate.mutateAsync(baler.id);
    } catch {
      return; // shown from the mutation's error below
    }
    close(); // forgets the key here; only the key dialog holds it
    onRotated(result);
  };

  return (
    <Modal
      opened={baler !== null}
      onClose={close}
      title="Issue a new ingest key"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {rotate.isError && (
          <Alert color="red" variant="light" role="alert">
            {balerErrorMessage(rotate.error)}
          </Alert>
        )}
        <Text>
          Issue a new ingest key for {baler?.name} ({baler?.vin})? Its current key stops working at
          once: until the baler's connectivity feed has the new key, its bales are refused.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="orange" onClick={() => void confirm()} loading={rotate.isPending}>
            Issue new key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
