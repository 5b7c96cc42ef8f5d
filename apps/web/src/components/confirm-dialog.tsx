import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The red button's label, e.g. "Delete" or "Remove". */
  confirmLabel: string;
  /** Makes the change; when it rejects the dialog stays open and shows `error`. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  pending: boolean;
  /** The failure in the grower's words, or null. */
  error: string | null;
  /** What will happen, so nobody confirms blind. */
  children: ReactNode;
}

/** The one confirmation step before a change that cannot be undone. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const confirm = async () => {
    try {
      await props.onConfirm();
    } catch {
      // The caller's mutation holds the error; it is shown above the buttons.
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {props.error !== null && (
          <Alert color="red" variant="light" role="alert">
            {props.error}
          </Alert>
        )}
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={props.pending}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
