import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReportBalesQuery } from '@/features/reports/api/get-report-bales';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { GradeBars, SummaryFigures, useSummary } from '@/features/summaries';

/** The report's key figures and grades: the summary of the same filter and dates. */
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
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SummaryFigures summary={summary.data.summary} units={units} rfvEnabled={rfvEnabled} />
          <GradeBars grades={summary.data.summary.grades} total={summary.data.summary.count} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
