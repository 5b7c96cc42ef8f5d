import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReportBalesQuery } from '@/features/reports/api/get-report-bales';
import { ReportGradeCharts } from '@/features/reports/components/report-grade-chart';
import { ReportGroupTotals } from '@/features/reports/components/report-group-totals';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { SummaryFigures, useSummary } from '@/features/summaries';

/**
 * The report's key figures, grades as charts, and totals per field and per cutting: the
 * summaries of the same filter and dates.
 */
export function ReportSummary({ query }: { query: ReportBalesQuery }) {
  const summary = useSummary(query, true);
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();

  return (
    <Stack gap="sm" component="section" aria-labelledby="report-summary-title">
      <Title order={2} size="h4" id="report-summary-title">
        Summary
      </Title>
      {summary.isPending ? (
        <Skeleton height={160} aria-label="Loading summary" />
      ) : summary.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messages.generic}
        </Alert>
      ) : summary.data.summary.count === 0 ? (
        <Text>No bales match the filter and dates.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <SummaryFigures summary={summary.data.summary} units={units} rfvEnabled={rfvEnabled} />
            <ReportGradeCharts grades={summary.data.summary.grades} rfvEnabled={rfvEnabled} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <ReportGroupTotals query={query} by="field" units={units} rfvEnabled={rfvEnabled} />
            <ReportGroupTotals query={query} by="cutting" units={units} rfvEnabled={rfvEnabled} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
