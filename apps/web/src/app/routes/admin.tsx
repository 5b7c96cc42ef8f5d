import { messages } from '@baletrack/contracts/errors/messages';
import { isAdmin } from '@baletrack/contracts/identity/user';
import { Alert, Button, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BalerRegistryTable } from '@/features/admin/components/baler-registry-table';
import { OrganizationsTable } from '@/features/admin/components/organizations-table';
import { AdminFeedbackList } from '@/features/feedback/components/admin-feedback-list';
import { useCurrentUser } from '@/features/users/api/get-current-user';
import { routePaths } from '@/lib/route-names';

/**
 * Admin (SuperAdmins): pick an organization to act for, and keep the connectivity provider's
 * registry of VINs. Anyone else reaching the address is told it is not theirs.
 */
export function AdminRoute() {
  const currentUser = useCurrentUser();

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Admin
          </Title>
          <Button component={Link} to={routePaths.home} variant="default">
            Back to the map
          </Button>
        </Group>
        {currentUser.isPending ? (
          <Loader aria-label="Loading" />
        ) : currentUser.isError ? (
          <Alert color="red" variant="light" role="alert">
            {messages.generic}
          </Alert>
        ) : !isAdmin(currentUser.data.groups) ? (
          <Alert color="yellow" variant="light" role="alert">
            {messages.roles.adminOnly}
          </Alert>
        ) : (
          <Tabs defaultValue="organizations" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="organizations">Organizations</Tabs.Tab>
              <Tabs.Tab value="registry">Baler registry</Tabs.Tab>
              <Tabs.Tab value="feedback">Feedback</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="organizations">
              <Stack gap="md">
                <Text c="dimmed">
                  Acting for an organization shows its data everywhere, as its owner sees it, and
                  lets you change it as its owner could. A banner says so until you stop.
                </Text>
                <OrganizationsTable />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="registry">
              <Stack gap="md">
                <Text c="dimmed">
                  The VINs the embedded connectivity provider knows. Registering a baler needs its
                  VIN here, registered, with its ACM subscription under the account's email or an
                  Active authorized email.
                </Text>
                <BalerRegistryTable />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="feedback">
              <Stack gap="md">
                <Text c="dimmed">
                  Bug reports and feature requests from every organization, newest first; each was
                  also mailed to the support address.
                </Text>
                <AdminFeedbackList />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
