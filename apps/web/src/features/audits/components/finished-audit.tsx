import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { AuditResultView } from '@/features/audits/components/audit-result-view';
import { StackHistory } from '@/features/audits/components/stack-history';
import type { AuditOutbox } from '@/features/audits/hooks/use-audit-outbox';

function Waiting({ outbox }: { outbox: AuditOutbox }) {
  if (outbox.sending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-label="Sending the audit" />
        <Text>Sending…</Text>
      </Group>
    );
  }
  return (
    <Text>
      The audit is saved on this phone and is sent as soon as there is a connection; its result
      shows here then.
    </Text>
  );
}

interface FinishedAuditProps {
  auditId: string;
  /** The stack's name as the list or the scan screen gave it. */
  name: string;
  outbox: AuditOutbox;
  onAnother: () => void;
}

/** A finished audit: waiting on the phone, on its way, refused, or recorded with its result. */
export function FinishedAudit({ auditId, name, outbox, onAnother }: FinishedAuditProps) {
  const result = outbox.results.find((r) => r.id === auditId);
  const entry = outbox.entries.find((e) => e.audit.id === auditId);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Audit of {name}
      </Title>
      {result ? (
        <>
          <AuditResultView result={result} />
          <StackHistory stackId={result.stackId} />
        </>
      ) : entry?.refusal ? (
        <Alert color="red" variant="light">
          Not recorded: {entry.refusal}
        </Alert>
      ) : entry ? (
        <Waiting outbox={outbox} />
      ) : (
        <Text c="dimmed">This audit is no longer on this phone.</Text>
      )}
      <Group>
        <Button size="lg" onClick={onAnother}>
          Audit another stack
        </Button>
      </Group>
    </Stack>
  );
}
