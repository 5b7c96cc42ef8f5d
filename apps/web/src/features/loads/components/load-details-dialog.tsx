import {
  type LoadDetails,
  type LoadResponse,
  loadDetailsSchema,
} from '@baletrack/contracts/loads/loads';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { ANY_GRADE, minGradeChoices } from '@/features/loads/utils/grade-choices';

/** The form's values: text as typed; empty means none. */
interface FormValues {
  name: string;
  buyer: string;
  destination: string;
  shipDate: string;
  vehicle: string;
  notes: string;
  minGrade: string;
}

function toForm(load: LoadResponse | undefined): FormValues {
  return {
    name: load?.name ?? '',
    buyer: load?.buyer ?? '',
    destination: load?.destination ?? '',
    shipDate: load?.shipDate ?? '',
    vehicle: load?.vehicle ?? '',
    notes: load?.notes ?? '',
    minGrade: load?.minGrade ?? ANY_GRADE,
  };
}

interface LoadDetailsDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** The load being changed; empty fields for a new one. */
  load?: LoadResponse;
  /** Sends the details; when it rejects the dialog stays open and shows `error`. */
  onSave: (details: LoadDetails) => Promise<unknown>;
  /** The refusal in the grower's words, or null. */
  error: string | null;
}

/** A load's details (what it is and for whom), checked by the contract before they are sent. */
export function LoadDetailsDialog(props: LoadDetailsDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {/* Mounted while open: each opening starts from the load as it is then. */}
      <LoadDetailsForm {...props} />
    </Modal>
  );
}

function LoadDetailsForm(props: LoadDetailsDialogProps) {
  const form = useForm<FormValues>({ defaultValues: toForm(props.load) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const parsed = loadDetailsSchema.safeParse({
      ...values,
      shipDate: values.shipDate === '' ? null : values.shipDate,
      minGrade: values.minGrade === ANY_GRADE ? null : values.minGrade,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        form.setError(issue.path[0] as keyof FormValues, { message: issue.message });
      }
      return;
    }
    try {
      await props.onSave(parsed.data);
    } catch {
      // The caller's mutation holds the refusal; it shows above the fields.
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Load details">
      <Stack gap="sm">
        {props.error !== null && (
          <Alert color="red" variant="light" role="alert">
            {props.error}
          </Alert>
        )}
        <TextInput
          label="Name"
          description="How the farm calls it: the buyer and the day, a truck's number"
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Buyer" error={errors.buyer?.message} {...form.register('buyer')} />
          <TextInput
            label="Destination"
            error={errors.destination?.message}
            {...form.register('destination')}
          />
          <TextInput
            label="Ship date"
            type="date"
            error={errors.shipDate?.message}
            {...form.register('shipDate')}
          />
          <TextInput
            label="Truck or trailer"
            error={errors.vehicle?.message}
            {...form.register('vehicle')}
          />
        </SimpleGrid>
        <NativeSelect
          label="Lowest grade the buyer takes"
          description="Bales below it, or without a grade, are pointed out on the load."
          data={minGradeChoices}
          error={errors.minGrade?.message}
          {...form.register('minGrade')}
        />
        <Textarea
          label="Notes"
          rows={4}
          resize="vertical"
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
