import type { AuditStack } from '@baletrack/contracts/audits/audits';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { StackHistory } from '@/features/audits/components/stack-history';
import { lastAuditLine, stackName } from '@/features/audits/utils/audit-words';
import type { DisplayUnits } from '@/lib/display-units';
import { formatCount } from '@/lib/format';

interface StackCardProps {
  stack: AuditStack;
  units: DisplayUnits;
  /** Absent for a role that may not audit (a viewer). */
  onStart?: () => void;
  starting: boolean;
  /** Another stack is being opened: one start at a time. */
  busy: boolean;
  /** Why this stack could not be opened, in the grower's words. */
  error: string | null;
}

/** One stack to pick: where it is, its bales, how far, its last audit; Start and History. */
export function StackCard({ stack, units, onStart, starting, busy, error }: StackCardProps) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const name = stackName(stack);
  const facts = [
    formatCount(stack.baleCount, 'bale', 'bales'),
    stack.distanceM === null ? null : `${units.format(stack.distanceM, 'length', 0)} away`,
  ].filter(Boolean);
  return (
    <Card withBorder component="li" aria-label={name} padding="sm">
      <Stack gap="xs">
        <div>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm">{facts.join(' · ')}</Text>
          <Text size="sm" c="dimmed">
            {stack.lastAudit ? lastAuditLine(stack.lastAudit) : 'Not audited yet'}
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="sm" grow>
          {onStart && (
            <Button size="md" onClick={onStart} loading={starting} disabled={busy && !starting}>
              Start audit
            </Button>
          )}
          <Button
            size="md"
            variant="default"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen((open) => !open)}
          >
            History
          </Button>
        </Group>
        {historyOpen && <StackHistory stackId={stack.id} />}
      </Stack>
    </Card>
  );
}
