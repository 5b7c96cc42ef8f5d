import {
  type AccountDeletionStep,
  accountDeletionSteps,
  type CloseAccountResponse,
  deleteAccountRequestSchema,
} from '@baletrack/contracts/account/account';
import {
  Alert,
  Button,
  Group,
  Progress,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useCloseAccount } from '@/features/account/api/close-account';
import { useDataExport } from '@/features/account/api/get-data-export';
import { failedStep } from '@/features/account/utils/closing-step';

const stepLabels: Record<AccountDeletionStep, { label: string; description: string }> = {
  confirm: { label: 'Confirm', description: 'Type DELETE' },
  generateReport: { label: 'Generate report', description: 'Your data, mailed to you' },
  deleteAccount: { label: 'Delete account', description: 'Everything, everyone' },
  success: { label: 'Done', description: 'Account closed' },
};

/**
 * "Delete account", the spec's steps (docs/product.md#account): type DELETE → the data export is
 * made and mailed → the account is deleted → success. One request does the last three in that
 * order on the server; the screen follows the export's progress to show which step it is on.
 */
export function CloseAccountSection({
  onClosed,
}: {
  onClosed: (result: CloseAccountResponse) => void | Promise<void>;
}) {
  const theme = useMantineTheme();
  // Four steps side by side do not fit a phone: there they stack.
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const [typed, setTyped] = useState('');
  const [typingError, setTypingError] = useState<string | null>(null);
  const [step, setStep] = useState<AccountDeletionStep>('confirm');
  const [failure, setFailure] = useState<{ step: AccountDeletionStep; message: string } | null>(
    null,
  );
  // The export made before this attempt (if any), so its progress is not taken for this one's.
  const [previousExportId, setPreviousExportId] = useState<string | null | undefined>(undefined);
  const closing = useCloseAccount();
  const exportQuery = useDataExport({ poll: step === 'generateReport' && !failure });
  const ours =
    exportQuery.data && exportQuery.data.id !== previousExportId ? exportQuery.data : null;
  if (step === 'generateReport' && !failure && ours?.status === 'ready') setStep('deleteAccount');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountRequestSchema.safeParse({ confirmation: typed });
    if (!parsed.success) {
      setTypingError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setTypingError(null);
    setFailure(null);
    setPreviousExportId(exportQuery.data?.id ?? null);
    setStep('generateReport');
    closing.mutate(parsed.data, {
      onSuccess: (result) => {
        setStep('success');
        void onClosed(result);
      },
      onError: (error) => {
        const at = failedStep(error.message);
        setStep(at);
        setFailure({ step: at, message: error.message });
      },
    });
  };

  const active = accountDeletionSteps.indexOf(step);
  return (
    <Stack gap="sm" component="section" aria-labelledby="close-title">
      <Title order={2} size="h3" id="close-title" c="red.8">
        Delete account
      </Title>
      <Text>
        Closing the account deletes the organization, its balers, bales, fields, cuttings, crops,
        filters, reports and credits, and every user in it, for good. First, all of its data is
        mailed to you as a download link.
      </Text>
      <Stepper
        active={active}
        size="sm"
        orientation={phone ? 'vertical' : 'horizontal'}
        color={failure ? 'red' : undefined}
        aria-label="Steps"
      >
        {accountDeletionSteps.map((name) => (
          <Stepper.Step
            key={name}
            label={stepLabels[name].label}
            description={stepLabels[name].description}
            color={failure?.step === name ? 'red' : undefined}
            loading={!failure && closing.isPending && name === step}
          />
        ))}
      </Stepper>
      {step === 'generateReport' && !failure && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">Generating your data export… {ours ? `${ours.progress} %` : ''}</Text>
          <Progress
            value={Math.max(ours?.progress ?? 0, 2)}
            animated
            aria-label="Export progress"
          />
        </Stack>
      )}
      {step === 'deleteAccount' && !failure && (
        <Text size="sm" aria-live="polite">
          Export mailed. Deleting the account…
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure.message}
        </Alert>
      )}
      {(step === 'confirm' || failure) && (
        <form onSubmit={submit} noValidate>
          <Group align="flex-end">
            <TextInput
              label="Type DELETE to confirm"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={typingError}
              autoComplete="off"
              w={220}
            />
            <Button type="submit" color="red" loading={closing.isPending}>
              {failure ? 'Try again' : 'Delete account'}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
