import type { Crop } from '@baletrack/contracts/crops/crop';
import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useCreateCutting } from '@/features/cuttings/api/create-cutting';
import { useUpdateCutting } from '@/features/cuttings/api/update-cutting';
import {
  type CuttingDraft,
  type CuttingProblems,
  cuttingDraftOf,
  cuttingRequest,
} from '@/features/cuttings/utils/cutting-draft';
import { changeErrorMessage } from '@/lib/change-error-message';

export interface NamedField {
  id: string;
  name: string;
}

interface CuttingFormProps {
  /** The cutting to change; a new one when absent. */
  cutting?: Cutting;
  /** The crop year a new cutting counts towards. */
  year: number;
  fields: NamedField[];
  crops: Crop[];
  onDone: () => void;
}

const m = messages.fieldCuttingCrop.cutting;

/** Creates or changes a cutting: name, dates (inclusive), crop year, fields and optional crop. */
export function CuttingForm({ cutting, year, fields, crops, onDone }: CuttingFormProps) {
  const [draft, setDraft] = useState<CuttingDraft>(() => cuttingDraftOf(cutting, year));
  const [problems, setProblems] = useState<CuttingProblems>({});
  const create = useCreateCutting();
  const update = useUpdateCutting();
  const mutation = cutting ? update : create;
  const set = (patch: Partial<CuttingDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = async () => {
    // The last attempt's refusal is stale once the form is checked again.
    mutation.reset();
    const { request, problems: found } = cuttingRequest(draft);
    setProblems(found);
    if (!request) return;
    try {
      const saved = cutting
        ? await update.mutateAsync({ id: cutting.id, ...request })
        : await create.mutateAsync(request);
      notifications.show({ color: 'green', message: `Cutting ${saved.name} saved.` });
      onDone();
    } catch {
      // shown below
    }
  };

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label={cutting ? `Edit ${cutting.name}` : 'New cutting'}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={problems.name}
        />
        <NumberInput
          label="Crop year"
          value={draft.year}
          onChange={(value) => set({ year: typeof value === 'number' ? value : Number.NaN })}
          allowDecimal={false}
          error={problems.year}
        />
        <TextInput
          type="date"
          label="Start"
          value={draft.startDate}
          onChange={(event) => set({ startDate: event.currentTarget.value })}
          error={problems.startDate}
        />
        <TextInput
          type="date"
          label="End"
          value={draft.endDate}
          onChange={(event) => set({ endDate: event.currentTarget.value })}
          error={problems.endDate}
        />
      </SimpleGrid>
      <MultiSelect
        label="Fields"
        placeholder={fields.length === 0 ? 'No fields yet' : 'Choose fields'}
        data={fields.map((field) => ({ value: field.id, label: field.name }))}
        value={draft.fieldIds}
        onChange={(fieldIds) => set({ fieldIds })}
        error={problems.fieldIds}
        searchable
        clearable
      />
      <Select
        label="Crop (optional)"
        placeholder="No crop"
        data={crops.map((crop) => ({ value: crop.id, label: crop.name }))}
        value={draft.cropId}
        onChange={(cropId) => set({ cropId })}
        error={problems.cropId}
        clearable
      />
      {mutation.isError && (
        <Alert color="red" variant="light" role="alert">
          {changeErrorMessage(mutation.error, cutting ? m.updateFailed : m.createFailed)}
        </Alert>
      )}
      <Group gap="xs">
        <Button type="submit" loading={mutation.isPending}>
          Save cutting
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
