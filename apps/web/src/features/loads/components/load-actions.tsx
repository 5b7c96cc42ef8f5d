import type { LoadResponse } from '@baletrack/contracts/loads/loads';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useChangeLoadStatus } from '@/features/loads/api/change-load-status';
import { useDeleteLoad } from '@/features/loads/api/delete-load';
import { useDownloadLoadTicket } from '@/features/loads/api/download-load-ticket';
import { useUpdateLoad } from '@/features/loads/api/update-load';
import { LoadDetailsDialog } from '@/features/loads/components/load-details-dialog';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatCount } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

type Step = 'edit' | 'ship' | 'delete' | null;

interface LoadActionsProps {
  load: LoadResponse;
  /** The owner or a manager: the load can change (a viewer only downloads its ticket). */
  canChange: boolean;
}

/**
 * What can be done to a load in its status (docs/product.md#beyond-the-spec-loads): an open load
 * is edited and marked ready, a ready one reopened; either is shipped, for good, or deleted. The
 * ticket downloads in any status, for anyone.
 */
export function LoadActions({ load, canChange }: LoadActionsProps) {
  const [step, setStep] = useState<Step>(null);
  const status = useChangeLoadStatus(load.id);
  const update = useUpdateLoad(load.id);
  const remove = useDeleteLoad(load.id);
  const ticket = useDownloadLoadTicket();
  const navigate = useNavigate();
  const open = load.status === 'open';
  const shipped = load.status === 'shipped';
  // An empty load is neither ready nor shipped (the server refuses both): bales first.
  const hasBales = load.baleCount > 0;

  const close = () => {
    status.reset();
    update.reset();
    remove.reset();
    setStep(null);
  };
  const downloadTicket = () =>
    ticket.mutate(load, {
      onSuccess: (filename) =>
        notifications.show({ color: 'green', message: `${filename} saved.` }),
    });
  const changeStatus = (next: 'ready' | 'open') => {
    ticket.reset();
    status.mutate(next);
  };
  // The status change's refusal shows here, unless the ship dialog shows it.
  const error =
    (step === null && status.isError
      ? changeErrorMessage(status.error, 'Failed to change the status of the load.')
      : null) ??
    (ticket.isError ? changeErrorMessage(ticket.error, 'Failed to download the ticket.') : null);

  return (
    <Stack gap="xs">
      <Group gap="xs" aria-label="Load actions" role="group">
        {canChange && open && (
          <Button variant="default" onClick={() => setStep('edit')}>
            Edit details
          </Button>
        )}
        {canChange && open && hasBales && (
          <Button
            variant="default"
            onClick={() => changeStatus('ready')}
            loading={status.isPending}
          >
            Mark ready
          </Button>
        )}
        {canChange && load.status === 'ready' && (
          <Button variant="default" onClick={() => changeStatus('open')} loading={status.isPending}>
            Reopen
          </Button>
        )}
        {canChange && !shipped && hasBales && <Button onClick={() => setStep('ship')}>Ship</Button>}
        <Button variant="default" onClick={downloadTicket} loading={ticket.isPending}>
          Download ticket
        </Button>
        {canChange && !shipped && (
          <Button variant="subtle" color="red" onClick={() => setStep('delete')}>
            Delete
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" py={6}>
          {error}
        </Alert>
      )}
      <LoadDetailsDialog
        opened={step === 'edit'}
        onClose={close}
        title="Edit load details"
        submitLabel="Save details"
        load={load}
        onSave={async (details) => {
          await update.mutateAsync(details);
          close();
        }}
        error={update.isError ? changeErrorMessage(update.error, 'Failed to save the load.') : null}
      />
      <ConfirmDialog
        opened={step === 'ship'}
        title={`Ship ${load.name}?`}
        confirmLabel="Ship"
        onConfirm={async () => {
          await status.mutateAsync('shipped');
          close();
        }}
        onClose={close}
        pending={status.isPending}
        error={
          step === 'ship' && status.isError
            ? changeErrorMessage(status.error, 'Failed to ship the load.')
            : null
        }
      >
        <Text size="sm">
          Its {formatCount(load.totals.baleCount, 'bale', 'bales')} will be marked loaded out: they
          leave the inventory and the heat-risk watch list. This cannot be undone.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={step === 'delete'}
        title={`Delete ${load.name}?`}
        confirmLabel="Delete load"
        onConfirm={async () => {
          await remove.mutateAsync();
          await navigate(routePaths.loads);
        }}
        onClose={close}
        pending={remove.isPending}
        error={
          remove.isError ? changeErrorMessage(remove.error, 'Failed to delete the load.') : null
        }
      >
        <Text size="sm">
          The load, its details and its buyer links are deleted. Its bales stay on hand, free for
          another load.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
