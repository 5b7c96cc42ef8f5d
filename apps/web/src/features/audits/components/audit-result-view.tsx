import type { AuditResult } from '@baletrack/contracts/audits/audits';
import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { auditDay, unexpectedReasonText } from '@/features/audits/utils/audit-words';
import { formatCount, formatNumber } from '@/lib/format';

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <div>
      <Text fz={28} fw={700} lh={1.1}>
        {formatNumber(value)}
      </Text>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </div>
  );
}

/** The audit as the server recorded it: found, missing, unexpected and why, bales moved here. */
export function AuditResultView({ result }: { result: AuditResult }) {
  return (
    <Stack gap="md">
      <Card withBorder padding="sm">
        <Group gap="xl">
          <Figure value={result.found.length} label="found" />
          <Figure value={result.missing.length} label="missing" />
          <Figure value={result.unexpected.length} label="not expected" />
        </Group>
        <Text c="dimmed" size="sm" mt="xs">
          Recorded {auditDay(result.finishedAt)} by {result.by}
        </Text>
      </Card>
      {result.moved > 0 && (
        <Alert color="blue" variant="light">
          {formatCount(result.moved, 'bale', 'bales')} from elsewhere placed on this stack
        </Alert>
      )}
      {result.missing.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h4">
            Missing
          </Title>
          <List spacing={2} aria-label="Missing tags" style={{ overflowWrap: 'anywhere' }}>
            {result.missing.map((tag) => (
              <List.Item key={tag}>{tag}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {result.unexpected.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h4">
            Not expected here
          </Title>
          <List spacing={2} aria-label="Tags not expected" style={{ overflowWrap: 'anywhere' }}>
            {result.unexpected.map((tag) => (
              <List.Item key={tag.tag}>
                {tag.tag}: {unexpectedReasonText(tag)}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
