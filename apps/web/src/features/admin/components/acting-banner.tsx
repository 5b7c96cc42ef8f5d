import { isAdmin } from '@baletrack/contracts/identity/user';
import { Button, Group, Paper, Text } from '@mantine/core';
import {
  useActFor,
  useActingOrganizationId,
  useForgetActingOnSignOut,
} from '@/features/admin/hooks/use-acting-organization';
import { useCurrentUser, useOrganization } from '@/features/users';

/**
 * While a SuperAdmin acts for an organization, every screen says whose data it shows, with the
 * way back. Only for SuperAdmins: the web app sends X-Organization-Id for nobody else, so a
 * stale choice in the browser is not mentioned to them.
 */
export function ActingBanner() {
  useForgetActingOnSignOut();
  const actingFor = useActingOrganizationId();
  const currentUser = useCurrentUser();
  const acting = actingFor !== null && isAdmin(currentUser.data?.groups);
  const organization = useOrganization();
  const actFor = useActFor();
  if (!acting) return null;

  // Without a name (still loading, or the organization was deleted) the banner still offers a way out.
  const name =
    organization.data?.id === actingFor
      ? organization.data.name
      : organization.isError
        ? 'an organization that could not be loaded'
        : 'another organization';
  return (
    <Paper
      role="region"
      aria-label="Acting for an organization"
      shadow="md"
      radius="xl"
      px="md"
      py={6}
      bg="orange.1"
      withBorder
      style={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 250,
        maxWidth: 'calc(100vw - 32px)',
        borderColor: 'var(--mantine-color-orange-5)',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" truncate>
          Acting for <strong>{name}</strong>: you see and change its data.
        </Text>
        <Button size="compact-sm" color="orange" onClick={() => void actFor(null)}>
          Stop acting
        </Button>
      </Group>
    </Paper>
  );
}
