import type { Baler } from '@baletrack/contracts/balers/baler';
import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBalers } from '@/features/balers/api/get-balers';
import { BalersTable } from '@/features/balers/components/balers-table';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

/** The organization's balers as loaded from GET /machines, with their loading and failure. */
export function BalersList({ actions }: { actions?: (baler: Baler) => ReactNode }) {
  const balers = useBalers();
  if (balers.isPending) return <Loader aria-label="Loading balers" />;
  if (balers.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {balerErrorMessage(balers.error)}
      </Alert>
    );
  }
  return <BalersTable balers={balers.data.balers} actions={actions} />;
}
