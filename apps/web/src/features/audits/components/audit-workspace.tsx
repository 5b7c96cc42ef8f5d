import type { AuditStackDetail } from '@baletrack/contracts/audits/audits';
import { Alert, Stack } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { FinishedAudit } from '@/features/audits/components/finished-audit';
import { OutboxNotice } from '@/features/audits/components/outbox-notice';
import { ScanPanel } from '@/features/audits/components/scan-panel';
import { StackPicker } from '@/features/audits/components/stack-picker';
import { useAuditOutbox } from '@/features/audits/hooks/use-audit-outbox';
import type { AuditStore } from '@/features/audits/stores/audit-store';
import { type AuditSender, queueAudit } from '@/features/audits/utils/audit-outbox';
import {
  type AuditInProgress,
  newAuditId,
  startAudit,
  toRecordAudit,
} from '@/features/audits/utils/audit-scans';
import { stackName } from '@/features/audits/utils/audit-words';
import { useMay } from '@/features/users';

const storageFull =
  "This phone's storage is full: the audit could not be saved. Free some space and try again.";

interface AuditWorkspaceProps {
  /** Where this user's audits are kept on the phone. */
  store: AuditStore;
  /** Sends one finished audit (POST /audits in the app). */
  send: AuditSender;
}

/**
 * The audit screens (docs/product.md#beyond-the-spec-stack-audits): the audit in progress when
 * there is one (one at a time, resumed after a reload), else the finished audit being looked at,
 * else the stacks to pick from; the outbox's state above them all.
 */
export function AuditWorkspace({ store, send }: AuditWorkspaceProps) {
  const current = useSyncExternalStore(store.subscribe, store.readCurrent);
  const outbox = useAuditOutbox(store, send);
  const may = useMay();
  const [shown, setShown] = useState<{ id: string; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const start = (detail: AuditStackDetail) => {
    try {
      store.writeCurrent(startAudit(detail, newAuditId(), new Date()));
      setProblem(null);
    } catch {
      setProblem(storageFull);
    }
  };
  const finish = (audit: AuditInProgress) => {
    // Into the outbox before the audit in progress goes: a crash between the two leaves it twice
    // (finishing again replaces it), never nowhere.
    try {
      queueAudit(store, toRecordAudit(audit, new Date()));
    } catch {
      setProblem(storageFull);
      return;
    }
    store.writeCurrent(null);
    setShown({ id: audit.id, name: stackName(audit.stack) });
    void outbox.flush();
  };

  return (
    <Stack gap="lg">
      <OutboxNotice outbox={outbox} />
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {current ? (
        <ScanPanel
          audit={current}
          store={store}
          onFinish={finish}
          onCancel={() => store.writeCurrent(null)}
        />
      ) : shown ? (
        <FinishedAudit
          auditId={shown.id}
          name={shown.name}
          outbox={outbox}
          onAnother={() => setShown(null)}
        />
      ) : (
        <StackPicker
          canStart={may('farmData')}
          onStart={start}
          results={outbox.results}
          onShowResult={(id, name) => setShown({ id, name })}
        />
      )}
    </Stack>
  );
}
