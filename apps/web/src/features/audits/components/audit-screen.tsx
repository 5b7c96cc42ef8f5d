import { Alert, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { sendAudit } from '@/features/audits/api/record-audit';
import { AuditWorkspace } from '@/features/audits/components/audit-workspace';
import { useAuditScope } from '@/features/audits/hooks/use-audit-scope';
import { createAuditStore } from '@/features/audits/stores/audit-store';

/** Stack audits for whoever is signed in, their audits kept on this phone under their name. */
export function AuditScreen() {
  const scope = useAuditScope();
  const store = useMemo(() => (scope ? createAuditStore(scope) : null), [scope]);
  if (scope === undefined) return <Loader aria-label="Loading audits" />;
  if (!store) {
    return (
      <Alert color="red" variant="light" role="alert">
        Sign in again to audit stacks.
      </Alert>
    );
  }
  return <AuditWorkspace store={store} send={sendAudit} />;
}
