import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDownloadReportCsv } from '@/features/reports/api/download-report-csv';
import type { ReportBalesQuery } from '@/features/reports/api/get-report-bales';

interface DownloadReportButtonProps {
  query: ReportBalesQuery;
  /** The filter's own "include bales without a cutting": the report can only narrow it. */
  filterKeepsCuttingless: boolean;
}

/**
 * Downloads the report as CSV in the organization's units: every bale of the filter and dates,
 * every attribute (docs/product.md#reports).
 */
export function DownloadReportButton({ query, filterKeepsCuttingless }: DownloadReportButtonProps) {
  const download = useDownloadReportCsv();
  const [includeCuttingless, setIncludeCuttingless] = useState(true);

  const start = () =>
    download.mutate(
      { ...query, includeCuttingless: includeCuttingless ? 'true' : 'false' },
      {
        onSuccess: (filename) =>
          notifications.show({ color: 'green', message: `${filename} saved.` }),
      },
    );

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
              ? 'Unticked, the file leaves out bales in no cutting; the table still shows them.'
              : 'This filter leaves out bales in no cutting.'
          }
        />
        <Button onClick={start} loading={download.isPending}>
          Download CSV
        </Button>
      </Group>
      {download.isError && (
        <Alert color="red" variant="light" role="alert" py={6}>
          {download.error.message}
        </Alert>
      )}
    </Stack>
  );
}
