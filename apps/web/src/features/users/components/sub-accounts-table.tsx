import type { InvitableRole } from '@baletrack/contracts/identity/roles';
import { canReinvite, type UserStatus } from '@baletrack/contracts/identity/user';
import type { SubAccount } from '@baletrack/contracts/users/sub-account';
import { Badge, NativeSelect, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type RowAction, RowActions, RowActionsHeader } from '@/components/row-actions';
import { useChangeRole } from '@/features/users/api/change-role';
import { type UserChange, useChangeUser } from '@/features/users/api/change-user';
import { DeleteUserDialog } from '@/features/users/components/delete-user-dialog';
import { roleChoices, roleLabels } from '@/features/users/utils/role-labels';
import { userErrorMessage } from '@/features/users/utils/user-error-message';

const statusLabels: Record<UserStatus, string> = {
  sent: 'Invite sent',
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  resetRequired: 'Password reset',
};

const doneMessages: Record<UserChange, (email: string) => string> = {
  reinvite: (email) => `A new invite was sent to ${email}.`,
  disable: (email) => `${email} can no longer sign in.`,
  enable: (email) => `${email} can sign in again.`,
};

/** The organization's sub-account users with the owner's actions on each, their role included. */
export function SubAccountsTable({ users }: { users: SubAccount[] }) {
  const change = useChangeUser();
  const changeRole = useChangeRole();
  const [deleting, setDeleting] = useState<SubAccount | null>(null);

  const run = (user: SubAccount, action: UserChange) =>
    change.mutate(
      { change: action, id: user.id },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: doneMessages[action](user.email) }),
        onError: (error) => notifications.show({ color: 'red', message: userErrorMessage(error) }),
      },
    );
  const setRole = (user: SubAccount, role: InvitableRole) =>
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `${user.email} is now a ${roleLabels[role].toLowerCase()}.`,
          }),
        onError: (error) => notifications.show({ color: 'red', message: userErrorMessage(error) }),
      },
    );
  const busy = (user: SubAccount, action: UserChange) =>
    change.isPending && change.variables?.id === user.id && change.variables.change === action;
  const actionsOf = (user: SubAccount): RowAction[] => {
    const changing = (label: string, action: UserChange): RowAction => ({
      label,
      onClick: () => run(user, action),
      loading: busy(user, action),
    });
    return [
      ...(canReinvite(user.status) ? [changing('Re-send invite', 'reinvite')] : []),
      user.enabled ? changing('Disable', 'disable') : changing('Enable', 'enable'),
      { label: 'Delete', onClick: () => setDeleting(user), color: 'red', variant: 'light' },
    ];
  };

  if (users.length === 0) {
    return <Text c="dimmed">No sub-account users yet. Invite someone above.</Text>;
  }
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label="Sub-account users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sign-in</Table.Th>
              <RowActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.name ?? '—'}</Table.Td>
                {/* A long address wraps, so the role and the badges keep their words whole. */}
                <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
                <Table.Td>
                  {user.role === 'owner' ? (
                    roleLabels.owner
                  ) : (
                    <NativeSelect
                      aria-label={`Role of ${user.email}`}
                      size="xs"
                      miw={110}
                      data={roleChoices}
                      value={user.role}
                      disabled={changeRole.isPending && changeRole.variables?.id === user.id}
                      onChange={(event) =>
                        setRole(user, event.currentTarget.value as InvitableRole)
                      }
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={user.status === 'sent' ? 'yellow' : 'green'}
                    miw="max-content"
                  >
                    {statusLabels[user.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={user.enabled ? 'green' : 'gray'} miw="max-content">
                    {user.enabled ? 'Enabled' : 'Disabled'}
                  </Badge>
                </Table.Td>
                <RowActions label={`Actions for ${user.email}`} actions={actionsOf(user)} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
