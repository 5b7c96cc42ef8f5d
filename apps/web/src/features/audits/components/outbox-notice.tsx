import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { AuditOutbox } from '@/features/audits/hooks/use-audit-outbox';
import type { OutboxEntry } from '@/features/audits/utils/audit-outbox';
import { auditDay, finishedStackName } from '@/features/audits/utils/audit-words';
import { formatCount } from '@/lib/format';

/** '3 audits wait' / '1 audit waits'. */
const auditsWait = (count: number) =>
  `${formatCount(count, 'audit', 'audits')} wait${count === 1 ? 's' : ''}`;

/** An audit the server refused: its reason, and the way to let it go. */
function RefusedAudit({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  const [asking, setAsking] = useState(false);
  const name = finishedStackName(entry.audit);
  return (
    <Alert color="red" variant="light" title={`The audit of ${name} was not recorded`}>
      <Stack gap="xs">
        <Text size="sm">
          Finished {auditDay(entry.audit.finishedAt)}. {entry.refusal}
        </Text>
        <Group>
          <Button size="xs" color="red" variant="light" onClick={() => setAsking(true)}>
            Discard
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Discard this audit?"
        confirmLabel="Discard"
        onConfirm={async () => onDiscard()}
        onClose={() => setAsking(false)}
        pending={false}
        error={null}
      >
        <Text>
          The audit of {name} and its{' '}
          {formatCount(entry.audit.scans.length, 'scanned tag', 'scanned tags')} are deleted from
          this phone. Nothing is recorded.
        </Text>
      </ConfirmDialog>
    </Alert>
  );
}

/**
 * The outbox in plain words above every audit screen: audits waiting for a connection, a send on
 * its way, and audits the server refused.
 */
export function OutboxNotice({ outbox }: { outbox: AuditOutbox }) {
  const count = outbox.waiting.length;
  return (
    <>
      {count > 0 && outbox.sending && (
        <Alert color="blue" variant="light" role="status">
          <Group gap="sm">
            <Loader size="xs" aria-label="Sending audits" />
            <Text size="sm">Sending…</Text>
          </Group>
        </Alert>
      )}
      {count > 0 && !outbox.sending && outbox.offline && (
        <Alert color="yellow" variant="light" role="status">
          Offline: {auditsWait(count)} on this phone and will be sent when the connection returns.
        </Alert>
      )}
      {count > 0 && !outbox.sending && !outbox.offline && (
        <Alert color="blue" variant="light" role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{auditsWait(count)} on this phone to be sent.</Text>
            <Button size="xs" variant="light" onClick={() => void outbox.flush()}>
              Send now
            </Button>
          </Group>
        </Alert>
      )}
      {outbox.refused.map((entry) => (
        <RefusedAudit
          key={entry.audit.id}
          entry={entry}
          onDiscard={() => outbox.discard(entry.audit.id)}
        />
      ))}
    </>
  );
}
