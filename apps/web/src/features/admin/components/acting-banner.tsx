import { Button, Group, Text } from '@mantine/core';
import {
  useActFor,
  useActingOrganizationId,
  useForgetActingOnSignOut,
} from '@/features/admin/hooks/use-acting-organization';
import { useIsActing } from '@/features/admin/hooks/use-is-acting';
import { useOrganization } from '@/features/users';

/** The strip's height under the header bar; the app shell makes room for it. */
export const ACTING_BANNER_HEIGHT = 40;

/**
 * While a SuperAdmin acts for an organization, every screen says whose data it shows, with the
 * way back: a strip under the app shell's header bar, so it never covers a control.
 */
export function ActingBanner() {
  useForgetActingOnSignOut();
  const actingFor = useActingOrganizationId();
  const acting = useIsActing();
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
    <Group
      role="region"
      aria-label="Acting for an organization"
      h={ACTING_BANNER_HEIGHT}
      px="md"
      gap="sm"
      wrap="nowrap"
      justify="space-between"
      bg="orange.1"
      style={{ borderTop: '1px solid var(--mantine-color-orange-5)' }}
    >
      <Text size="sm" truncate style={{ minWidth: 0, flex: 1 }}>
        Acting for <strong>{name}</strong>: you see and change its data.
      </Text>
      <Button size="compact-sm" color="orange" onClick={() => void actFor(null)} flex="none">
        Stop acting
      </Button>
    </Group>
  );
}
