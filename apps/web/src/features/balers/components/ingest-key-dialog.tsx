import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

/** An ingest key just issued, with the baler it belongs to. */
export interface IssuedKey {
  balerName: string;
  apiKey: string;
  /** Registration issues the first key; rotation replaces one. */
  reason: 'registered' | 'rotated';
}

interface IngestKeyDialogProps {
  /** The key to show; the dialog is open while set and the caller forgets it on close. */
  issued: IssuedKey | null;
  onClose: () => void;
}

/**
 * The one time an ingest key is shown: only its hash is stored (ADR 5), so it is copied now or
 * replaced later. The dialog closes only by its button, not by a stray click outside.
 */
export function IngestKeyDialog({ issued, onClose }: IngestKeyDialogProps) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="Ingest key"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {issued && (
        <Stack gap="md">
          <Text>
            {issued.reason === 'registered'
              ? `${issued.balerName} is registered.`
              : `${issued.balerName} has a new ingest key; the previous key no longer works.`}{' '}
            The baler's connectivity feed sends its bales to {PRODUCT_NAME} with this key.
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Ingest key"
              value={issued.apiKey}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'monospace' } }}
              style={{ flex: 1 }}
            />
            <CopyButton value={issued.apiKey} timeout={3000}>
              {({ copied, copy }) => (
                <Button color={copied ? 'teal' : 'green'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" variant="light" title="You won't see this key again">
            Copy it now and keep it somewhere safe. If it is lost, issue a new key from this page;
            the old one then stops working.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
