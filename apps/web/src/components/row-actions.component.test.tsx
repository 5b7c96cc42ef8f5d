import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type RowAction, RowActions } from '@/components/row-actions';
import { onPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/render-with-providers';

// A table row's actions (Baler Settings, Sub-Accounts, Cuttings): buttons where there is room, one
// menu named for the row on a phone, so none sits past the screen's right edge.

function row(actions: RowAction[], extra: { note?: string } = {}) {
  return renderWithProviders(
    <Table>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>North 40</Table.Td>
          <RowActions label="Actions for field North 40" actions={actions} {...extra} />
        </Table.Tr>
      </Table.Tbody>
    </Table>,
  );
}

/** A row whose Delete is confirmed in its menu, as on Cuttings. */
function Confirming() {
  const [confirming, setConfirming] = useState(false);
  return (
    <Table>
      <Table.Tbody>
        <Table.Tr>
          <RowActions
            label="Actions for field North 40"
            onMenuClose={() => setConfirming(false)}
            actions={
              confirming
                ? [
                    { label: 'Delete North 40', onClick: () => {}, color: 'red' },
                    { label: 'Keep', onClick: () => setConfirming(false) },
                  ]
                : [
                    { label: 'Edit', onClick: () => {} },
                    {
                      label: 'Delete',
                      onClick: () => setConfirming(true),
                      keepsMenuOpen: true,
                    },
                  ]
            }
          />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

describe('RowActions on a desktop', () => {
  it('shows each action as a button, without a menu', async () => {
    const rename = vi.fn();
    const { user } = row([
      { label: 'Rename', onClick: rename },
      { label: 'Delete', onClick: () => {}, color: 'red' },
    ]);
    expect(screen.queryByRole('button', { name: 'Actions for field North 40' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('RowActions on a phone', () => {
  onPhoneScreen();

  it("gathers the actions in the row's menu, each doing what its button did", async () => {
    const rename = vi.fn();
    const { user } = row([
      { label: 'Rename', onClick: rename },
      { label: 'Delete', onClick: () => {}, color: 'red' },
    ]);
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for field North 40' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledOnce();
  });

  it('says atop the menu why its actions are disabled', async () => {
    const rename = vi.fn();
    const { user } = row([{ label: 'Rename', onClick: rename, disabled: true }], {
      note: 'Only the account owner can modify balers.',
    });
    await user.click(screen.getByRole('button', { name: 'Actions for field North 40' }));
    const menu = screen.getByRole('menu');
    expect(menu.textContent).toContain('Only the account owner can modify balers.');
    expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveProperty('disabled', true);
  });

  it('asks a confirmation in the menu, the focus on its safe answer', async () => {
    const { user } = renderWithProviders(<Confirming />);
    await user.click(screen.getByRole('button', { name: 'Actions for field North 40' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete North 40', 'Keep']);
    expect(document.activeElement?.textContent).toBe('Keep');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for field North 40' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeTruthy();
  });
});
