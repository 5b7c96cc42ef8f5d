import {
  type NewRegistryEntry,
  newRegistryEntrySchema,
  type RegistryEntry,
} from '@baletrack/contracts/admin/baler-registry';
import { registryAcmStatuses } from '@baletrack/contracts/balers/baler';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSaveRegistryEntry } from '@/features/admin/api/save-registry-entry';
import { adminErrorMessage } from '@/features/admin/utils/admin-error-message';

// The form edits the day the ACM subscription ends; the API takes its last second (UTC).
const formSchema = z.object({
  vin: newRegistryEntrySchema.shape.vin,
  registered: z.boolean(),
  acmEmail: z.string(),
  acmStatus: newRegistryEntrySchema.shape.acmStatus,
  acmExpiryDay: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

function toForm(entry: RegistryEntry | null): FormValues {
  return {
    vin: entry?.vin ?? '',
    registered: entry?.registered ?? true,
    acmEmail: entry?.acmEmail ?? '',
    acmStatus: entry?.acmStatus ?? 'Active',
    acmExpiryDay: entry?.acmExpiry?.slice(0, 10) ?? '',
  };
}

function toEntry(values: FormValues): unknown {
  return {
    vin: values.vin,
    registered: values.registered,
    acmEmail: values.acmEmail.trim() === '' ? null : values.acmEmail,
    acmStatus: values.acmStatus,
    acmExpiry: values.acmExpiryDay ? `${values.acmExpiryDay}T23:59:59Z` : null,
  };
}

interface RegistryEntryDialogProps {
  /** 'new' to add a VIN, an entry to change it, null when closed. */
  entry: RegistryEntry | 'new' | null;
  onClose: () => void;
}

/** Adds a VIN to the connectivity provider's registry, or changes what it says about one. */
export function RegistryEntryDialog({ entry, onClose }: RegistryEntryDialogProps) {
  const isNew = entry === 'new';
  const save = useSaveRegistryEntry();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: toForm(null),
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (entry !== null) form.reset(toForm(entry === 'new' ? null : entry));
  }, [entry, form]);

  const close = () => {
    save.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    const parsed = newRegistryEntrySchema.safeParse(toEntry(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'acmExpiry' ? 'acmExpiryDay' : issue.path[0];
        form.setError(field as keyof FormValues, { message: issue.message });
      }
      return;
    }
    try {
      await save.mutateAsync({ entry: parsed.data as NewRegistryEntry, isNew });
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: `${parsed.data.vin} was saved.` });
    close();
  });

  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title={isNew ? 'Add a VIN' : 'Change registry entry'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate aria-label="Registry entry">
        <Stack gap="sm">
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {adminErrorMessage(save.error)}
            </Alert>
          )}
          <TextInput
            label="VIN"
            readOnly={!isNew}
            error={errors.vin?.message}
            {...form.register('vin')}
          />
          <Controller
            control={form.control}
            name="registered"
            render={({ field }) => (
              <Switch
                label="Registered with the connectivity provider"
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <TextInput
            label="ACM subscription email"
            type="email"
            error={errors.acmEmail?.message}
            {...form.register('acmEmail')}
          />
          <Controller
            control={form.control}
            name="acmStatus"
            render={({ field }) => (
              <Select
                label="ACM status"
                data={[...registryAcmStatuses]}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label="ACM subscription ends"
            type="date"
            error={errors.acmExpiryDay?.message}
            {...form.register('acmExpiryDay')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
