import type { AuditResult, AuditStackDetail } from '@baletrack/contracts/audits/audits';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOpenAuditStack } from '@/features/audits/api/get-audit-stack';
import { useAuditStacks } from '@/features/audits/api/get-audit-stacks';
import { StackCard } from '@/features/audits/components/stack-card';
import { useOnline } from '@/features/audits/hooks/use-online';
import { usePhonePosition } from '@/features/audits/hooks/use-phone-position';
import { auditDay } from '@/features/audits/utils/audit-words';
import { useDisplayUnits } from '@/features/settings';
import { useRole } from '@/features/users';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatNumber } from '@/lib/format';

const openFailed = 'The stack could not be opened. Check the connection and try again.';

function StackList({ canStart, onStart }: Pick<StackPickerProps, 'canStart' | 'onStart'>) {
  const online = useOnline();
  const { position, locating, problem, locate } = usePhonePosition();
  const stacks = useAuditStacks(position, { enabled: online });
  const open = useOpenAuditStack();
  const units = useDisplayUnits();

  // Once loaded, the list stays on screen even when a later read fails.
  let list: ReactNode;
  if (stacks.data) {
    list =
      stacks.data.stacks.length === 0 ? (
        <Text c="dimmed">There are no stacks on the map to audit.</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Stacks"
        >
          {stacks.data.stacks.map((stack) => (
            <StackCard
              key={stack.id}
              stack={stack}
              units={units}
              onStart={canStart ? () => open.mutate(stack.id, { onSuccess: onStart }) : undefined}
              starting={open.isPending && open.variables === stack.id}
              busy={open.isPending}
              error={
                open.isError && open.variables === stack.id
                  ? changeErrorMessage(open.error, openFailed)
                  : null
              }
            />
          ))}
        </SimpleGrid>
      );
  } else if (!online) {
    list = (
      <Alert color="yellow" variant="light">
        Offline: the list of stacks needs a connection. An audit already started goes on without
        one.
      </Alert>
    );
  } else if (stacks.isError) {
    list = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">The stacks could not be loaded. Check the connection and try again.</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void stacks.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  } else {
    list = <Skeleton height={120} aria-label="Loading stacks" />;
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          Pick a stack
        </Title>
        <Button variant="default" onClick={locate} loading={locating} disabled={!online}>
          Nearest first
        </Button>
      </Group>
      {problem && (
        <Alert color="yellow" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {list}
    </Stack>
  );
}

/** Audits this phone sent lately, to open their results again. */
function SentAudits({
  results,
  onShow,
}: {
  results: AuditResult[];
  onShow: StackPickerProps['onShowResult'];
}) {
  if (results.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Sent from this phone
      </Title>
      {results.slice(0, 3).map((result) => {
        // The answer names the storage area only, not where a stack outside one lies.
        const name = result.storage ?? 'a stack outside the storage areas';
        return (
          <Group key={result.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              {result.storage ?? 'A stack outside the storage areas'}, {auditDay(result.finishedAt)}
              : {formatNumber(result.found.length)} found, {formatNumber(result.missing.length)}{' '}
              missing
            </Text>
            <Button size="xs" variant="default" onClick={() => onShow(result.id, name)}>
              Show result
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

interface StackPickerProps {
  /** The owner and managers start audits; everyone sees the stacks and their history. */
  canStart: boolean;
  onStart: (detail: AuditStackDetail) => void;
  results: AuditResult[];
  onShowResult: (auditId: string, name: string) => void;
}

/** Pick a stack: the farm's stacks, nearest first on request; choosing one starts its audit. */
export function StackPicker({ canStart, onStart, results, onShowResult }: StackPickerProps) {
  const role = useRole();
  return (
    <Stack gap="lg">
      {role === 'viewer' && (
        <Alert color="gray" variant="light">
          Only the account owner or a manager audits stacks. You can see the stacks and their
          history.
        </Alert>
      )}
      <StackList canStart={canStart} onStart={onStart} />
      <SentAudits results={results} onShow={onShowResult} />
    </Stack>
  );
}
