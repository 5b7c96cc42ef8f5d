import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  getSelectedOrganizationId,
  setSelectedOrganizationId,
  subscribeSelectedOrganization,
} from '@/lib/selected-organization';

/** The organization a SuperAdmin acts for (null: their own), following every change. */
export function useActingOrganizationId(): string | null {
  return useSyncExternalStore(subscribeSelectedOrganization, getSelectedOrganizationId);
}

/**
 * Starts (an id) or stops (null) acting for an organization. Every cached answer belongs to the
 * previous one, so the cache is reset: shown queries fetch again with the new X-Organization-Id.
 */
export function useActFor(): (organizationId: string | null) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (organizationId) => {
      setSelectedOrganizationId(organizationId);
      await queryClient.resetQueries();
    },
    [queryClient],
  );
}

/** A choice of organization ends with the session, so the next person starts on their own. */
export function useForgetActingOnSignOut(): void {
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut') setSelectedOrganizationId(null);
      }),
    [],
  );
}
