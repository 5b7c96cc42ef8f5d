import type { AutomatedReport } from '@baletrack/contracts/automated-reports/automated-report';
import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteAutomatedReport } from '@/features/automated-reports/api/delete-automated-report';
import {
  atInZone,
  frequencyLabels,
  lastRunText,
  type RunTone,
  unitSystemLabels,
} from '@/features/automated-reports/utils/report-schedule-text';
import { changeErrorMessage } from '@/lib/change-error-message';

const toneColor: Record<RunTone, string> = {
  ok: 'green',
  busy: 'blue',
  retrying: 'yellow',
  failed: 'red',
};

interface AutomatedReportsListProps {
  reports: AutomatedReport[];
  onEdit: (report: AutomatedReport) => void;
}

/** The owner's automated reports: what each sends, when, to whom, and how the last one went. */
export function AutomatedReportsList({ reports, onEdit }: AutomatedReportsListProps) {
  const remove = useDeleteAutomatedReport();
  const [removing, setRemoving] = useState<AutomatedReport | null>(null);

  return (
    <Stack gap="md">
      {reports.map((report) => {
        const last = lastRunText(report);
        return (
          <Paper
            key={report.id}
            withBorder
            p="md"
            radius="md"
            aria-label={`${report.filterName} report`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Title order={2} size="h4">
                    {report.filterName}
                  </Title>
                  <Badge variant="light" color={report.frequency === 'none' ? 'gray' : 'green'}>
                    {frequencyLabels[report.frequency]}
                  </Badge>
                </Group>
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => onEdit(report)}>
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    color="red"
                    size="xs"
                    onClick={() => {
                      remove.reset();
                      setRemoving(report);
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
              <Text size="sm">To {report.recipients.join(', ')}</Text>
              <Text size="sm" c="dimmed">
                {unitSystemLabels[report.units]} ·{' '}
                {report.includeCuttingless ? 'all bales of the filter' : 'bales in a cutting only'}{' '}
                {report.includeYield && '· with yield per field '}· {report.timezone}
              </Text>
              <Text size="sm">
                {report.nextSendAt
                  ? `Next report: ${atInZone(report.nextSendAt, report.timezone)}`
                  : 'Paused: nothing is sent.'}
              </Text>
              {last && (
                <Text
                  size="sm"
                  c={toneColor[last.tone] === 'green' ? undefined : `${toneColor[last.tone]}.9`}
                  role={last.tone === 'failed' || last.tone === 'retrying' ? 'status' : undefined}
                >
                  {last.text}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete automated report"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={
          remove.isError ? changeErrorMessage(remove.error, messages.autoReport.deleteFailed) : null
        }
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.id);
          setRemoving(null);
        }}
      >
        <Alert color="yellow" variant="light">
          The {removing ? frequencyLabels[removing.frequency].toLowerCase() : ''} report of "
          {removing?.filterName}" stops; its recipients get nothing more.
        </Alert>
      </ConfirmDialog>
    </Stack>
  );
}
