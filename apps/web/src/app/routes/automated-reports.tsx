import type { AutomatedReport } from '@baletrack/contracts/automated-reports/automated-report';
import { messages } from '@baletrack/contracts/errors/messages';
import { may } from '@baletrack/contracts/identity/roles';
import {
  defaultSettings,
  unitSystemByMeasurementSystem,
} from '@baletrack/contracts/settings/settings';
import { Alert, Button, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeading } from '@/app/routes/page-heading';
import { PanelBoundary } from '@/components/panel-boundary';
import { useAutomatedReports } from '@/features/automated-reports/api/get-automated-reports';
import { AutomatedReportForm } from '@/features/automated-reports/components/automated-report-form';
import { AutomatedReportsList } from '@/features/automated-reports/components/automated-reports-list';
import { useFilters } from '@/features/filters/api/get-filters';
import { useOrganizationSettings } from '@/features/settings';
import { useCurrentUser } from '@/features/users/api/get-current-user';

/**
 * Automated Reports (owner): saved filters' bales mailed as CSV at 06:00 in the report's timezone,
 * nightly, weekly or monthly (docs/product.md#automated-reports).
 */
export function AutomatedReportsRoute() {
  const currentUser = useCurrentUser();
  const isOwner = may(currentUser.data?.groups, 'automatedReports');
  const reports = useAutomatedReports({ enabled: isOwner });
  const filters = useFilters();
  const settings = useOrganizationSettings();
  // null: the form is closed; 'new': a new report; else the report being changed.
  const [editing, setEditing] = useState<AutomatedReport | 'new' | null>(null);
  const filterList = (filters.data?.filters ?? []).map(({ id, name }) => ({ id, name }));
  const defaultUnits =
    unitSystemByMeasurementSystem[
      settings.data?.measurementSystem ?? defaultSettings.measurementSystem
    ];

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Automated Reports" help="reports" />
        {currentUser.data && !isOwner && (
          <Alert color="yellow">{messages.roles.automatedReportsNotForViewers}</Alert>
        )}
        {isOwner && (
          <PanelBoundary what="Automated reports">
            <Stack gap="md">
              <Group justify="space-between" align="flex-end">
                <Text maw={640}>
                  A saved filter's bales, mailed as a CSV file with a summary at 6:00 AM in the
                  report's timezone: nightly (the day before), weekly (Monday to Sunday) or monthly.
                </Text>
                <Button onClick={() => setEditing('new')} disabled={filterList.length === 0}>
                  New automated report
                </Button>
              </Group>
              {filters.isSuccess && filterList.length === 0 && (
                <Alert color="blue" variant="light">
                  A report sends the bales of a saved filter. Save a filter on the map first (Menu,
                  Filters).
                </Alert>
              )}
              {reports.isPending && <Skeleton height={120} />}
              {reports.isError && (
                <Alert color="red" variant="light" role="alert">
                  {messages.autoReport.fetchFailed}
                </Alert>
              )}
              {reports.data?.length === 0 && <Text c="dimmed">No automated reports yet.</Text>}
              {reports.data && reports.data.length > 0 && (
                <AutomatedReportsList reports={reports.data} onEdit={setEditing} />
              )}
            </Stack>
          </PanelBoundary>
        )}
      </Stack>
      {editing !== null && (
        <AutomatedReportForm
          opened
          onClose={() => setEditing(null)}
          report={editing === 'new' ? undefined : editing}
          filters={filterList}
          defaultUnits={defaultUnits}
        />
      )}
    </Container>
  );
}
