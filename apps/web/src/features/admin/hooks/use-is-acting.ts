import { isAdmin } from '@baletrack/contracts/identity/user';
import { useActingOrganizationId } from '@/features/admin/hooks/use-acting-organization';
import { useCurrentUser } from '@/features/users';

/**
 * Whether a SuperAdmin is acting for an organization now. Only for SuperAdmins: the web app
 * sends X-Organization-Id for nobody else, so a stale choice in the browser does not count.
 */
export function useIsActing(): boolean {
  const actingFor = useActingOrganizationId();
  const currentUser = useCurrentUser();
  return actingFor !== null && isAdmin(currentUser.data?.groups);
}
