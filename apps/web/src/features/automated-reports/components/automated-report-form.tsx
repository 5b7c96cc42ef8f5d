import {
  type AutomatedReport,
  type CreateAutomatedReportRequest,
  createAutomatedReportRequestSchema,
} from '@baletrack/contracts/automated-reports/automated-report';
import { MAX_REPORT_RECIPIENTS, REPORT_FREQUENCIES } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import { type UnitSystem, unitSystems } from '@baletrack/contracts/settings/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
} from '@mantine/core';
import { useMemo } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveAutomatedReport } from '@/features/automated-reports/api/save-automated-report';
import {
  browserTimezone,
  frequencyHints,
  frequencyLabels,
  timezoneChoices,
  unitSystemLabels,
} from '@/features/automated-reports/utils/report-schedule-text';
import { changeErrorMessage } from '@/lib/change-error-message';

type FormInput = z.input<typeof createAutomatedReportRequestSchema>;

interface AutomatedReportFormProps {
  opened: boolean;
  onClose: () => void;
  /** The report being changed; a new one when absent. */
  report?: AutomatedReport;
  /** The organization's saved filters to choose from. */
  filters: { id: string; name: string }[];
  /** The organization's units, the default for a new report. */
  defaultUnits: UnitSystem;
}

/** The first message about the recipients: the list's own, else the first bad address's. */
function recipientsError(errors: FieldErrors<FormInput>): string | undefined {
  const field = errors.recipients;
  if (!field) return undefined;
  if (field.message) return field.message;
  const items = Array.isArray(field) ? field : Object.values(field);
  return items.find((item) => item && typeof item === 'object' && 'message' in item)?.message;
}

/** Setting up or changing an automated report (docs/product.md#automated-reports). */
export function AutomatedReportForm(props: AutomatedReportFormProps) {
  const save = useSaveAutomatedReport();
  const zones = useMemo(timezoneChoices, []);
  const defaults: FormInput = props.report
    ? {
        filterId: props.report.filterId,
        frequency: props.report.frequency,
        timezone: props.report.timezone,
        units: props.report.units,
        includeCuttingless: props.report.includeCuttingless,
        includeYield: props.report.includeYield,
        recipients: props.report.recipients,
      }
    : {
        filterId: '',
        frequency: 'weekly',
        timezone: browserTimezone(),
        units: props.defaultUnits,
        includeCuttingless: true,
        includeYield: false,
        recipients: [],
      };
  const form = useForm<FormInput, unknown, CreateAutomatedReportRequest>({
    resolver: zodResolver(createAutomatedReportRequestSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const frequency = form.watch('frequency');

  const close = () => {
    save.reset();
    form.reset(defaults);
    props.onClose();
  };
  const submit = form.handleSubmit(async (settings) => {
    try {
      await save.mutateAsync({ id: props.report?.id, settings });
    } catch {
      return; // shown from the mutation's error below
    }
    close();
  });

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.report ? 'Change automated report' : 'New automated report'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label="Automated report">
        <Stack gap="md">
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {changeErrorMessage(save.error, messages.autoReport.saveFailed)}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="filterId"
            render={({ field }) => (
              <Select
                label="Filter"
                description="The report lists the bales this saved filter selects."
                placeholder={props.filters.length === 0 ? 'Save a filter first' : 'Choose a filter'}
                data={props.filters.map((f) => ({ value: f.id, label: f.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.filterId?.message}
                searchable
                required
              />
            )}
          />
          <Controller
            control={form.control}
            name="frequency"
            render={({ field }) => (
              <Select
                label="Frequency"
                description={frequencyHints[frequency ?? 'weekly']}
                data={REPORT_FREQUENCIES.map((f) => ({ value: f, label: frequencyLabels[f] }))}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                error={errors.frequency?.message}
                allowDeselect={false}
                required
              />
            )}
          />
          <Group grow align="flex-start">
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <Select
                  label="Timezone"
                  description="Reports go out at 6:00 AM here."
                  data={zones}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors.timezone?.message}
                  searchable
                  allowDeselect={false}
                  limit={50}
                />
              )}
            />
            <Controller
              control={form.control}
              name="units"
              render={({ field }) => (
                <Select
                  label="Units"
                  description="Of the file and the mail's summary."
                  data={unitSystems.map((u) => ({ value: u, label: unitSystemLabels[u] }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? props.defaultUnits)}
                  error={errors.units?.message}
                  allowDeselect={false}
                />
              )}
            />
          </Group>
          <Controller
            control={form.control}
            name="includeCuttingless"
            render={({ field }) => (
              <Switch
                label="Include bales that are in no cutting"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="includeYield"
            render={({ field }) => (
              <Checkbox
                label="Attach yield per field"
                description="The mail also carries the Yield per Field CSV of the crop year the period ends in: every field's hay, not only this filter's bales."
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="recipients"
            render={({ field }) => (
              <TagsInput
                label="Recipients"
                description={`Email addresses, up to ${MAX_REPORT_RECIPIENTS}; press Enter or a comma after each.`}
                placeholder="name@example.com"
                value={field.value}
                onChange={field.onChange}
                splitChars={[',', ' ', ';']}
                acceptValueOnBlur
                clearable
                error={recipientsError(errors)}
                required
              />
            )}
          />
          <Text size="sm" c="dimmed">
            Each recipient gets the bale list as a CSV file with a summary in the mail.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {props.report ? 'Save changes' : 'Set up report'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
