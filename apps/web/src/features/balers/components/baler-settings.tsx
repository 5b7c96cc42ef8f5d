import type { Baler, BalerWithKey } from '@baletrack/contracts/balers/baler';
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { BalerActions } from '@/features/balers/components/baler-actions';
import { BalersList } from '@/features/balers/components/balers-list';
import { IngestKeyDialog, type IssuedKey } from '@/features/balers/components/ingest-key-dialog';
import { RegisterBalerForm } from '@/features/balers/components/register-baler-form';
import { RemoveBalerDialog } from '@/features/balers/components/remove-baler-dialog';
import { RenameBalerDialog } from '@/features/balers/components/rename-baler-dialog';
import { RotateKeyDialog } from '@/features/balers/components/rotate-key-dialog';
import { BalerMonthsDialog } from '@/features/subscriptions';

/**
 * Registering and managing the organization's balers. Everyone of the organization sees it;
 * only the owner can use the controls (docs/product.md#roles), the others see them disabled.
 */
export function BalerSettings({
  canModify,
  testPlace,
}: {
  canModify: boolean;
  /** Where the key dialog's test bale is put. */
  testPlace: { lat: number; lon: number };
}) {
  const [renaming, setRenaming] = useState<Baler | null>(null);
  const [rotating, setRotating] = useState<Baler | null>(null);
  const [removing, setRemoving] = useState<Baler | null>(null);
  const [months, setMonths] = useState<Baler | null>(null);
  // The one place an issued key is held; closing its dialog forgets it.
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const show = (reason: IssuedKey['reason']) => (result: BalerWithKey) =>
    setIssued({ balerName: result.baler.name, apiKey: result.apiKey, reason });

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Register a baler
        </Title>
        <RegisterBalerForm canModify={canModify} onRegistered={show('registered')} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your balers
        </Title>
        <BalersList
          actions={(baler) => (
            <BalerActions
              baler={baler}
              canModify={canModify}
              onMonths={setMonths}
              onRename={setRenaming}
              onRotateKey={setRotating}
              onRemove={setRemoving}
            />
          )}
        />
      </Stack>
      <RenameBalerDialog baler={renaming} onClose={() => setRenaming(null)} />
      <RotateKeyDialog
        baler={rotating}
        onClose={() => setRotating(null)}
        onRotated={show('rotated')}
      />
      <RemoveBalerDialog baler={removing} onClose={() => setRemoving(null)} />
      <IngestKeyDialog issued={issued} onClose={() => setIssued(null)} testPlace={testPlace} />
      <BalerMonthsDialog baler={months} canModify={canModify} onClose={() => setMonths(null)} />
    </Stack>
  );
}
