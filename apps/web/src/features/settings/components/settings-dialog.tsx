import { MEASUREMENT_SYSTEMS, type MeasurementSystem } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import { may } from '@baletrack/contracts/identity/roles';
import { measurementSystemLabels, type Settings } from '@baletrack/contracts/settings/settings';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PanelBoundary } from '@/components/panel-boundary';
import { HelpLink } from '@/features/help';
import { useOrganizationSettings } from '@/features/settings/api/get-settings';
import { useUpdateSettings } from '@/features/settings/api/update-settings';
import { useCurrentUser } from '@/features/users';
import { isApiError } from '@/lib/api-client';

interface SettingsDialogProps {
  opened: boolean;
  onClose: () => void;
}

const monthNames = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2025, i, 1)),
  ),
);

const unitHints: Record<MeasurementSystem, string> = {
  MetricSI: 'kg and t, m and mm, ha, °C',
  ImperialUK: 'lb and long tons, ft and in, ac, °C',
  ImperialUS: 'lb and tons, ft and in, ac, °F',
};

/**
 * The organization's settings (docs/product.md#settings-and-units): everyone reads them, the owner
 * changes them.
 */
export function SettingsDialog({ opened, onClose }: SettingsDialogProps) {
  const settings = useOrganizationSettings();
  const currentUser = useCurrentUser();
  const canChange = may(currentUser.data?.groups, 'settings');
  const update = useUpdateSettings();
  // The form starts from the stored settings each time the dialog opens.
  const [draft, setDraft] = useState<Settings | undefined>(undefined);
  const values = draft ?? settings.data;

  const close = () => {
    setDraft(undefined);
    update.reset();
    onClose();
  };
  const change = (patch: Partial<Settings>) => values && setDraft({ ...values, ...patch });
  const save = async () => {
    if (!values) return;
    try {
      await update.mutateAsync(values);
    } catch {
      return; // shown below
    }
    notifications.show({ color: 'green', message: 'Settings saved.' });
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Farm settings"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PanelBoundary what="The settings">
        {settings.isError && (
          <Alert color="red" variant="light">
            {messages.generic}
          </Alert>
        )}
        {values && (
          <Stack gap="md">
            {!canChange && (
              <Text size="sm" c="dimmed">
                {messages.roles.ownerOrManagerSettings}
              </Text>
            )}
            <Switch
              label="Show RFV"
              description="Off: show the nutrition values (protein, ADF, NDF, ash, NFC) instead"
              checked={values.rfvEnabled}
              disabled={!canChange}
              onChange={(event) => change({ rfvEnabled: event.currentTarget.checked })}
            />
            <Radio.Group
              label="System of measurement"
              value={values.measurementSystem}
              onChange={(value) => change({ measurementSystem: value as MeasurementSystem })}
            >
              <Stack gap="xs" mt="xs">
                {MEASUREMENT_SYSTEMS.map((system) => (
                  <Radio
                    key={system}
                    value={system}
                    label={measurementSystemLabels[system]}
                    description={unitHints[system]}
                    disabled={!canChange}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <NativeSelect
              label="Crop year starts in"
              value={String(values.cropYearStartMonth)}
              disabled={!canChange}
              onChange={(event) =>
                change({ cropYearStartMonth: Number(event.currentTarget.value) })
              }
              data={monthNames.map((label, i) => ({ label, value: String(i + 1) }))}
            />
            {update.isError && (
              <Alert color="red" variant="light">
                {isApiError(update.error, 400, 403) ? update.error.message : messages.generic}
              </Alert>
            )}
            <Group justify="space-between">
              <HelpLink slug="units-and-settings">About units and settings</HelpLink>
              <Group gap="sm">
                <Button variant="default" onClick={close}>
                  {canChange ? 'Cancel' : 'Close'}
                </Button>
                {canChange && (
                  <Button onClick={() => void save()} loading={update.isPending} disabled={!draft}>
                    Apply
                  </Button>
                )}
              </Group>
            </Group>
          </Stack>
        )}
      </PanelBoundary>
    </Modal>
  );
}
