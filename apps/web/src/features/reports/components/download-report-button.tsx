import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type ReportFormat, useDownloadReport } from '@/features/reports/api/download-report';
import type { ReportBalesQuery } from '@/features/reports/api/get-report-bales';

interface DownloadReportButtonProps {
  query: ReportBalesQuery;
  /** The filter's own "include bales without a cutting": the report can only narrow it. */
  filterKeepsCuttingless: boolean;
}

/**
 * Downloads the report in the organization's units (docs/product.md#reports): the CSV (every
 * bale, every attribute) or the printable PDF (summary, grades, per-field and per-cutting totals).
 */
export function DownloadReportButton({ query, filterKeepsCuttingless }: DownloadReportButtonProps) {
  const csv = useDownloadReport('csv');
  const pdf = useDownloadReport('pdf');
  const [includeCuttingless, setIncludeCuttingless] = useState(true);

  const start = (format: ReportFormat) => {
    const download = format === 'csv' ? csv : pdf;
    // One failure message at a time: the other button's is cleared.
    (format === 'csv' ? pdf : csv).reset();
    download.mutate(
      { ...query, includeCuttingless: includeCuttingless ? 'true' : 'false' },
      {
        onSuccess: (filename) =>
          notifications.show({ color: 'green', message: `${filename} saved.` }),
      },
    );
  };
  const error = csv.error ?? pdf.error;

  return (
    <Stack gap={6} align="flex-end">
      <Group gap="md" justify="flex-end">
        <Checkbox
          label="Bales without a cutting"
          checked={filterKeepsCuttingless && includeCuttingless}
          disabled={!filterKeepsCuttingless}
          onChange={(event) => setIncludeCuttingless(event.currentTarget.checked)}
          title={
            filterKeepsCuttingless
              ? 'Unticked, the files leave out bales in no cutting; the screen still shows them.'
              : 'This filter leaves out bales in no cutting.'
          }
        />
        <Group gap="xs">
          <Button onClick={() => start('csv')} loading={csv.isPending}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => start('pdf')} loading={pdf.isPending}>
            Download PDF
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" py={6}>
          {error.message}
        </Alert>
      )}
    </Stack>
  );
}
