import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReportBalesQuery, useReportBales } from '@/features/reports/api/get-report-bales';
import { DownloadReportButton } from '@/features/reports/components/download-report-button';
import { ReportBalesTable } from '@/features/reports/components/report-bales-table';
import { ReportSummary } from '@/features/reports/components/report-summary';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { formatCount, formatNumber } from '@/lib/format';

interface BaleReportProps {
  query: ReportBalesQuery;
  filterKeepsCuttingless: boolean;
}

/** A filter's report: its summary, its bales in a table, and the CSV of them. */
export function BaleReport({ query, filterKeepsCuttingless }: BaleReportProps) {
  const bales = useReportBales(query);
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  const state = bales.isError ? 'error' : bales.done ? 'ready' : 'loading';

  return (
    <Stack gap="lg">
      <ReportSummary query={query} />
      <Stack
        gap="sm"
        component="section"
        aria-labelledby="report-bales-title"
        data-testid="report-bales"
        data-state={state}
        data-rows={bales.rowCount}
      >
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="report-bales-title">
              Bales
            </Title>
            <Group gap={6} aria-live="polite">
              {state === 'loading' && <Loader size="xs" aria-hidden="true" />}
              <Text size="sm" c="dimmed">
                {state === 'ready'
                  ? formatCount(bales.rowCount, 'bale', 'bales')
                  : state === 'loading'
                    ? `Loading bales… ${formatNumber(bales.rowCount)} so far`
                    : `${formatNumber(bales.rowCount)} bales loaded`}
              </Text>
            </Group>
          </Stack>
          <DownloadReportButton query={query} filterKeepsCuttingless={filterKeepsCuttingless} />
        </Group>
        {bales.isError && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{messages.generic}</Text>
              <Button size="xs" variant="default" onClick={bales.retry}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
        {state === 'ready' && bales.rowCount === 0 ? (
          <Text>No bales match the filter and dates.</Text>
        ) : (
          <ReportBalesTable
            rows={bales.rows}
            rowCount={bales.rowCount}
            done={bales.done}
            units={units}
            rfvEnabled={rfvEnabled}
          />
        )}
      </Stack>
    </Stack>
  );
}
