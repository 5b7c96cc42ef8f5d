import { messages } from '@baletrack/contracts/errors/messages';
import { may } from '@baletrack/contracts/identity/roles';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '@/app/routes/page-heading';
import { useBalers } from '@/features/balers';
import { useCurrentUser } from '@/features/users/api/get-current-user';
import { useSubAccounts } from '@/features/users/api/get-sub-accounts';
import { InviteUserForm } from '@/features/users/components/invite-user-form';
import { SubAccountsTable } from '@/features/users/components/sub-accounts-table';
import { userErrorMessage } from '@/features/users/utils/user-error-message';
import { routePaths } from '@/lib/route-names';

/** The balers are Baler Settings' own: a count and the way there, not a second table. */
function BalersPointer() {
  const balers = useBalers();
  const count = balers.data?.balers.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="users-balers">
      <Group justify="space-between" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id="users-balers">
            Balers
          </Title>
          <Text size="sm" c="dimmed">
            {count === undefined
              ? 'Balers are registered, renamed and switched on or off on Baler Settings.'
              : `${count === 1 ? '1 baler is' : `${count} balers are`} registered. Register, rename and switch them on or off on Baler Settings.`}
          </Text>
        </Stack>
        <Button component={Link} to={routePaths.balers} variant="light">
          Open Baler Settings
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Sub-Accounts: the owner invites and manages the organization's users and their roles.
 * Managers and viewers reach the address too (a shared link), and are told plainly that it is the
 * owner's.
 */
export function UsersRoute() {
  const currentUser = useCurrentUser();
  const isOwner = may(currentUser.data?.groups, 'people');
  const subAccounts = useSubAccounts({ enabled: isOwner });

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Sub-Accounts and Balers" help="sub-accounts" />
        {currentUser.isPending ? (
          <Loader aria-label="Loading" />
        ) : currentUser.isError ? (
          <Alert color="red" variant="light" role="alert">
            {messages.generic}
          </Alert>
        ) : !isOwner ? (
          <Alert color="yellow" variant="light" role="alert">
            {messages.roles.ownerOnlyUsers}
          </Alert>
        ) : (
          <>
            <Text c="dimmed">
              People you invite see all of the farm's data. A viewer changes nothing; a manager also
              changes fields, cuttings, crops, filters, automated reports and settings, but not
              people, balers or billing. They get an email with a temporary password and choose
              their own at the first sign-in.
            </Text>
            <InviteUserForm />
            {subAccounts.isPending ? (
              <Loader aria-label="Loading users" />
            ) : subAccounts.isError ? (
              <Alert color="red" variant="light" role="alert">
                {userErrorMessage(subAccounts.error)}
              </Alert>
            ) : (
              <SubAccountsTable users={subAccounts.data.users} />
            )}
          </>
        )}
        {currentUser.isSuccess && <BalersPointer />}
      </Stack>
    </Container>
  );
}
