import { DATA_LINK_EXPIRY_DAYS } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { isUnderWay, useDataExport } from '@/features/account/api/get-data-export';
import { useRequestDataExport } from '@/features/account/api/request-data-export';
import { formatLongDate } from '@/lib/format';

/** "Download all data": asks for the ZIP, follows its building, then says where it was mailed. */
export function DataExportSection() {
  const latest = useDataExport();
  const request = useRequestDataExport();
  const current = latest.data;
  const underWay = isUnderWay(current);
  return (
    <Stack gap="sm" component="section" aria-labelledby="export-title">
      <Title order={2} size="h3" id="export-title">
        Download all data
      </Title>
      <Text>
        A ZIP of everything: bales as a spreadsheet (CSV), fields and storage areas as GeoJSON,
        everything else as JSON. It is made in the background and mailed to you as a link that works
        for {DATA_LINK_EXPIRY_DAYS} days, without signing in.
      </Text>
      {underWay && current && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {current.status === 'pending'
              ? 'Waiting to start…'
              : `Preparing: ${current.progress} %`}
          </Text>
          <Progress value={Math.max(current.progress, 2)} animated aria-label="Export progress" />
        </Stack>
      )}
      {current?.status === 'ready' && current.expiresAt && (
        <Alert color="green" title="Your data export is ready" aria-live="polite">
          Mailed to {current.email}. The link works until {formatLongDate(current.expiresAt)}.
        </Alert>
      )}
      {current?.status === 'failed' && (
        <Alert color="red" aria-live="polite">
          {messages.dataExport.failed}
        </Alert>
      )}
      {request.isError && <Alert color="red">{request.error.message}</Alert>}
      <Group>
        <Button onClick={() => request.mutate()} loading={request.isPending} disabled={underWay}>
          {current?.status === 'ready' ? 'Export again' : 'Email me all data'}
        </Button>
      </Group>
    </Stack>
  );
}
