import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { INGEST_API_KEY_HEADER, type IngestRequest } from '@baletrack/contracts/ingest/ingest';
import {
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ingestUrl, testBaleBody, useSendTestBale } from '@/features/balers/api/send-test-bale';
import { ApiError } from '@/lib/api-client';
import { routePaths } from '@/lib/route-names';

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
  /** Where a test bale is put: the middle of the farm's fields, or of its region. */
  testPlace: { lat: number; lon: number };
}

/** A copy-paste request sending `body`, with this server's address and the key. */
function curlExample(apiKey: string, body: IngestRequest): string {
  return [
    `curl -X POST '${ingestUrl()}' \\`,
    "  -H 'content-type: application/json' \\",
    `  -H '${INGEST_API_KEY_HEADER}: ${apiKey}' \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}

/** A refusal of the ingest API speaks of the key or the bale, never of the session. */
function sendError(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : 'The test bale could not be sent.';
}

/**
 * The one time an ingest key is shown: only its hash is stored (ADR 5), so it is copied now or
 * replaced later. The dialog closes only by its button, not by a stray click outside.
 */
export function IngestKeyDialog({ issued, onClose, testPlace }: IngestKeyDialogProps) {
  const test = useSendTestBale();
  // One sample bale per key shown: the request displayed, copied and sent is the same one.
  const apiKey = issued?.apiKey;
  const { lat, lon } = testPlace;
  const example = useMemo(() => {
    if (!apiKey) return null;
    const body = testBaleBody({ lat, lon }, new Date());
    return { body, curl: curlExample(apiKey, body) };
  }, [apiKey, lat, lon]);
  const close = () => {
    test.reset();
    onClose();
  };
  return (
    <Modal
      opened={issued !== null}
      onClose={close}
      title="Ingest key"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {issued && example && (
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
          <Stack gap="xs">
            <Text fw={600}>Sending bales</Text>
            <Text size="sm">
              The feed posts JSON batches of up to 5,000 bales to <Code>{ingestUrl()}</Code> with
              the key in the <Code>{INGEST_API_KEY_HEADER}</Code> header. Every field is described
              at{' '}
              <Anchor href="/docs" target="_blank">
                /docs
              </Anchor>
              . This request sends one bale:
            </Text>
            {/* Wrapped, and focusable should it still scroll (keyboard users read it too). */}
            <Code
              block
              aria-label="Example request"
              tabIndex={0}
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {example.curl}
            </Code>
            <Group gap="xs">
              <CopyButton value={example.curl} timeout={3000}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy request'}
                  </Button>
                )}
              </CopyButton>
              <Button
                variant="light"
                loading={test.isPending}
                onClick={() => test.mutate({ apiKey: issued.apiKey, body: example.body })}
              >
                Send a test bale
              </Button>
            </Group>
            {test.data?.rejected[0] && (
              <Alert color="red" variant="light" role="alert">
                The test bale was refused: {test.data.rejected[0].reason}
              </Alert>
            )}
            {test.isSuccess && test.data.rejected.length === 0 && (
              <Text size="sm" role="status">
                A test bale was stored.{' '}
                <Anchor component={Link} to={routePaths.home}>
                  See it on the map
                </Anchor>
              </Text>
            )}
            {test.isError && (
              <Alert color="red" variant="light" role="alert">
                {sendError(test.error)}
              </Alert>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
