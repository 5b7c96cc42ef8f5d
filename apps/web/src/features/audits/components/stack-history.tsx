import type { AuditResult } from '@baletrack/contracts/audits/audits';
import { Alert, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useStackAudits } from '@/features/audits/api/get-stack-audits';
import { useOnline } from '@/features/audits/hooks/use-online';
import { auditDay } from '@/features/audits/utils/audit-words';
import { formatNumber } from '@/lib/format';

function historyLine(audit: AuditResult): string {
  const unexpected = audit.unexpected.length;
  return `${auditDay(audit.finishedAt)} by ${audit.by}: ${formatNumber(audit.found.length)} found, ${formatNumber(audit.missing.length)} missing${unexpected > 0 ? `, ${formatNumber(unexpected)} not expected` : ''}`;
}

function HistoryBody({ stackId }: { stackId: string }) {
  const online = useOnline();
  const history = useStackAudits(stackId, { enabled: online });
  // Not asked offline, so nothing fails: say why nothing comes.
  if (history.isPending && (!online || history.fetchStatus === 'paused')) {
    return <Text c="dimmed">The stack's history needs a connection.</Text>;
  }
  if (history.isPending) {
    return <Skeleton height={60} aria-label="Loading the stack's history" />;
  }
  if (history.isError) {
    return (
      <Alert color="red" variant="light">
        The stack's history could not be loaded. Check the connection and try again.
      </Alert>
    );
  }
  if (history.data.audits.length === 0) {
    return <Text c="dimmed">This stack has not been audited before.</Text>;
  }
  return (
    <List spacing={2} aria-label="Audits of this stack">
      {history.data.audits.map((audit) => (
        <List.Item key={audit.id}>{historyLine(audit)}</List.Item>
      ))}
    </List>
  );
}

/** "Stack history": a stack's audits, newest first, read from the server when online. */
export function StackHistory({ stackId }: { stackId: string }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        Stack history
      </Title>
      <HistoryBody stackId={stackId} />
    </Stack>
  );
}
