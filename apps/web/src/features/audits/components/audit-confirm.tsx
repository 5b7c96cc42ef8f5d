import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface AuditConfirmProps {
  opened: boolean;
  title: string;
  /** What will happen, so nobody confirms blind. */
  text: string;
  confirmLabel: string;
  color?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A last question before finishing or cancelling an audit. Closing it hands the focus back to
 * the caller (the scan input), not to the button that opened it.
 */
export function AuditConfirm(props: AuditConfirmProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>{props.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Keep scanning
          </Button>
          <Button color={props.color} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
