import { type Capability, may, type Role, roleOf } from '@baletrack/contracts/identity/roles';
import { useCurrentUser } from '@/features/users/api/get-current-user';

/**
 * What the signed-in user's role lets them do (docs/product.md#roles), so a screen hides what they
 * cannot use instead of failing after the click. Nothing until the current user has loaded.
 * @example const may = useMay(); {may('farmData') && <Button>New field</Button>}
 */
export function useMay(): (capability: Capability) => boolean {
  const groups = useCurrentUser().data?.groups;
  return (capability) => groups !== undefined && may(groups, capability);
}

/** The signed-in user's role, undefined until the current user has loaded. */
export function useRole(): Role | undefined {
  const groups = useCurrentUser().data?.groups;
  return groups === undefined ? undefined : roleOf(groups);
}
