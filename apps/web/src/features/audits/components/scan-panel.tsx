import { DEFAULT_LOCALE } from '@baletrack/contracts/constants';
import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AuditConfirm } from '@/features/audits/components/audit-confirm';
import { AuditLists } from '@/features/audits/components/audit-lists';
import { ScanForm } from '@/features/audits/components/scan-form';
import type { AuditStore } from '@/features/audits/stores/audit-store';
import {
  type AuditInProgress,
  addScan,
  auditFigures,
  type ScanOutcome,
} from '@/features/audits/utils/audit-scans';
import { stackName } from '@/features/audits/utils/audit-words';
import { formatCount, formatNumber } from '@/lib/format';

const timeOfDay = new Intl.DateTimeFormat(DEFAULT_LOCALE, { hour: 'numeric', minute: '2-digit' });

interface ScanPanelProps {
  audit: AuditInProgress;
  store: AuditStore;
  onFinish: (audit: AuditInProgress) => void;
  onCancel: () => void;
}

/**
 * The audit in progress: the scan input, the live figures and lists, Finish and Cancel. Every
 * scan is saved on the phone before the figures change; nothing here uses the network.
 */
export function ScanPanel({ audit, store, onFinish, onCancel }: ScanPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [lastOutcome, setLastOutcome] = useState<ScanOutcome | null>(null);
  const [notSaved, setNotSaved] = useState(false);
  const [asking, setAsking] = useState<'finish' | 'cancel' | null>(null);
  const figures = useMemo(() => auditFigures(audit), [audit]);
  const missingCount = figures.missing.length;
  const untaggedCount = figures.missing.filter((bale) => bale.tag === null).length;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const scan = (typed: string) => {
    // Read from the phone, not this render: the camera may read two codes before it re-renders.
    const saved = store.readCurrent() ?? audit;
    const { audit: next, outcome } = addScan(saved, typed, new Date());
    try {
      if (next !== saved) store.writeCurrent(next);
      setNotSaved(false);
    } catch {
      setNotSaved(true);
      return;
    }
    if (outcome.kind !== 'empty') setLastOutcome(outcome);
  };
  const closeQuestion = () => {
    setAsking(null);
    inputRef.current?.focus();
  };
  const finish = () =>
    missingCount > 0 ? setAsking('finish') : onFinish(store.readCurrent() ?? audit);

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {stackName(audit.stack)}
        </Title>
        <Text c="dimmed" size="sm">
          Audit started {timeOfDay.format(new Date(audit.startedAt))} ·{' '}
          {formatCount(figures.expectedCount, 'bale', 'bales')} expected
        </Text>
      </div>
      <ScanForm inputRef={inputRef} onScan={scan} lastOutcome={lastOutcome} />
      {notSaved && (
        <Alert color="red" variant="light" role="alert">
          This phone's storage is full: the last tag was not kept. Finish the audit to send what is
          scanned, then free some space.
        </Alert>
      )}
      <Card withBorder padding="sm">
        <Text fz={28} fw={700} aria-live="polite">
          Found {formatNumber(figures.foundCount)} of {formatNumber(figures.expectedCount)}
        </Text>
        <Text c="dimmed" size="sm">
          {formatNumber(missingCount)} missing · {formatNumber(figures.notExpected.length)} not
          expected here
        </Text>
      </Card>
      <SimpleGrid cols={2} spacing="sm">
        <Button size="lg" onClick={finish}>
          Finish audit
        </Button>
        <Button size="lg" variant="default" onClick={() => setAsking('cancel')}>
          Cancel audit
        </Button>
      </SimpleGrid>
      <AuditLists figures={figures} />
      <AuditConfirm
        opened={asking === 'finish'}
        title="Finish with bales missing?"
        text={`${formatCount(missingCount, 'bale', 'bales')} of ${formatNumber(figures.expectedCount)} expected here ${missingCount === 1 ? 'was' : 'were'} not scanned${untaggedCount > 0 ? ` (${formatNumber(untaggedCount)} without a tag)` : ''}. The audit records ${missingCount === 1 ? 'it' : 'them'} as missing.`}
        confirmLabel="Finish audit"
        onConfirm={() => onFinish(store.readCurrent() ?? audit)}
        onClose={closeQuestion}
      />
      <AuditConfirm
        opened={asking === 'cancel'}
        title="Cancel this audit?"
        text={`The ${formatCount(audit.scans.length, 'tag', 'tags')} scanned so far will be discarded; nothing is sent.`}
        confirmLabel="Discard audit"
        color="red"
        onConfirm={onCancel}
        onClose={closeQuestion}
      />
    </Stack>
  );
}
