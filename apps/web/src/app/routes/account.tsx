import { messages } from '@baletrack/contracts/errors/messages';
import { may } from '@baletrack/contracts/identity/roles';
import { Alert, Container, Paper, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/app/routes/page-heading';
import { CloseAccountSection } from '@/features/account/components/close-account-section';
import { DataExportSection } from '@/features/account/components/data-export-section';
import { DataGovernanceSection } from '@/features/account/components/data-governance-section';
import { rememberClosedAccount } from '@/features/account/utils/closed-account-note';
import { SignOutError, signOut } from '@/features/identity/api/sign-out';
import { useCurrentUser } from '@/features/users/api/get-current-user';
import { routePaths } from '@/lib/route-names';

/**
 * Account management (owner): the organization's data, all of it as a download, and closing the
 * account (docs/product.md#account).
 */
export function AccountRoute() {
  const currentUser = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groups = currentUser.data?.groups;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Account management" />
        {currentUser.isPending && <Skeleton height={200} />}
        {currentUser.data && !may(groups, 'accountData') && (
          <Alert color="yellow">{messages.roles.ownerOnlyAccountData}</Alert>
        )}
        {may(groups, 'accountData') && (
          <>
            <Paper withBorder p="lg" radius="md">
              <DataGovernanceSection />
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <DataExportSection />
            </Paper>
            {groups?.includes('AccountsOwner') && (
              <Paper
                withBorder
                p="lg"
                radius="md"
                style={{ borderColor: 'var(--mantine-color-red-4)' }}
              >
                <CloseAccountSection
                  onClosed={async (result) => {
                    // Kept for /login, should the sign-out leave the page (a provider's sign-in).
                    rememberClosedAccount(result);
                    // The account's tokens are dead already; this clears them from the browser.
                    await signOut().catch((error: unknown) => {
                      if (error instanceof SignOutError) {
                        notifications.show({ color: 'red', message: error.message });
                      }
                    });
                    // Out of the signed-in shell: no farm name, no menu of an account now gone.
                    await navigate(routePaths.login, {
                      replace: true,
                      state: { closedAccount: result },
                    });
                    queryClient.clear();
                  }}
                />
              </Paper>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
