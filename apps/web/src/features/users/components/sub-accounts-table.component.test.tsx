import type { SubAccount } from '@baletrack/contracts/users/sub-account';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InviteUserForm } from '@/features/users/components/invite-user-form';
import { SubAccountsTable } from '@/features/users/components/sub-accounts-table';
import { onPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/render-with-providers';

// The owner's role controls on Sub-Accounts (docs/product.md#roles): the role picked at the
// invite, and each person's role changeable in their row; the owner's own role is fixed. Saving a
// change goes to the server: e2e/roles.spec.ts. On a phone a person's actions are one menu in
// their row, named for them.

const person = (email: string, role: SubAccount['role']): SubAccount => ({
  id: crypto.randomUUID(),
  name: 'Hand',
  email,
  status: 'confirmed',
  enabled: true,
  groups: [
    role === 'owner' ? 'AccountsOwner' : role === 'manager' ? 'AccountsManager' : 'AccountsViewer',
  ],
  role,
});

describe('InviteUserForm', () => {
  it('asks for a role, a viewer unless the owner picks a manager', () => {
    renderWithProviders(<InviteUserForm />);
    const role = screen.getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('viewer');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Viewer', 'Manager']);
    // What the chosen role may do is said under it, whole on a phone.
    expect(screen.getByText('Sees everything, changes nothing.')).toBeTruthy();
    fireEvent.change(role, { target: { value: 'manager' } });
    expect(
      screen.getByText('Also changes fields, cuttings, crops, filters, reports and settings.'),
    ).toBeTruthy();
  });
});

describe('SubAccountsTable', () => {
  it("shows each person's role, changeable for managers and viewers, fixed for the owner", () => {
    renderWithProviders(
      <SubAccountsTable
        users={[
          person('owner@farm.example', 'owner'),
          person('manager@farm.example', 'manager'),
          person('viewer@farm.example', 'viewer'),
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Role' })).toBeTruthy();
    const managerRole = screen.getByLabelText('Role of manager@farm.example') as HTMLSelectElement;
    const viewerRole = screen.getByLabelText('Role of viewer@farm.example') as HTMLSelectElement;
    expect(managerRole.value).toBe('manager');
    expect(viewerRole.value).toBe('viewer');
    expect(screen.queryByLabelText('Role of owner@farm.example')).toBeNull();
    const ownerRow = screen.getByRole('row', { name: /owner@farm\.example/ });
    expect(within(ownerRow).getByText('Owner')).toBeTruthy();
  });
});

describe('SubAccountsTable on a phone', () => {
  onPhoneScreen();

  it("gathers a person's actions in their row menu, Delete asking to confirm", async () => {
    const invited = { ...person('hand@farm.example', 'viewer'), status: 'sent' as const };
    const { user } = renderWithProviders(
      <SubAccountsTable users={[invited, person('manager@farm.example', 'manager')]} />,
    );
    const row = screen.getByRole('row', { name: /hand@farm\.example/ });
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Actions for hand@farm.example' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Re-send invite', 'Disable', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete user' });
    expect(dialog.textContent).toContain('hand@farm.example');
  });
});
