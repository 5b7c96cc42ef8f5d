import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { renderWithProviders } from '@/testing/render-with-providers';

/** A caller as the app's are: a change that may fail, its error kept by the caller. */
function RemoveBaler({ change }: { change: () => Promise<void> }) {
  const [opened, setOpened] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  return (
    <>
      {removed && <p>Removed</p>}
      {!opened && <p>Dialog closed</p>}
      <ConfirmDialog
        opened={opened}
        title="Remove baler?"
        confirmLabel="Remove"
        pending={false}
        error={error}
        onClose={() => setOpened(false)}
        onConfirm={async () => {
          try {
            await change();
          } catch (failure) {
            setError((failure as Error).message);
            throw failure;
          }
          setRemoved(true);
          setOpened(false);
        }}
      >
        The baler and its ingest key go; its bales stay.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('says what will happen and makes the change on confirm', async () => {
    const { user } = renderWithProviders(<RemoveBaler change={async () => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Remove baler?' });
    expect(dialog.textContent).toContain('The baler and its ingest key go; its bales stay.');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open with the failure in words when the change is refused', async () => {
    const { user } = renderWithProviders(
      <RemoveBaler change={() => Promise.reject(new Error('The baler could not be removed.'))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The baler could not be removed.');
    expect(screen.getByRole('dialog', { name: 'Remove baler?' })).toBeTruthy();
    expect(screen.queryByText('Removed')).toBeNull();
  });

  it('changes nothing on Cancel', async () => {
    let changed = false;
    const { user } = renderWithProviders(
      <RemoveBaler
        change={async () => {
          changed = true;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Dialog closed')).toBeTruthy();
    expect(changed).toBe(false);
  });
});
