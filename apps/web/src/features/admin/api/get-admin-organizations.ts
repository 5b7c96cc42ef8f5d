import {
  type AdminOrganizationList,
  adminOrganizationListSchema,
} from '@baletrack/contracts/admin/organizations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { userApi } from '@/lib/api-client';

export const ORGANIZATIONS_PAGE_SIZE = 50;

/** GET /admin/organizations: one page of organizations matching `search` (SuperAdmins only). */
export async function getAdminOrganizations(
  query: { search: string; offset: number },
  signal?: AbortSignal,
): Promise<AdminOrganizationList> {
  return adminOrganizationListSchema.parse(
    await userApi.get('/admin/organizations', {
      query: {
        search: query.search || undefined,
        limit: ORGANIZATIONS_PAGE_SIZE,
        offset: query.offset,
      },
      signal,
    }),
  );
}

export function adminOrganizationsQueryOptions(query: { search: string; offset: number }) {
  return queryOptions({
    queryKey: adminKeys.organizations(query),
    queryFn: ({ signal }) => getAdminOrganizations(query, signal),
    // Typing in the search keeps the last answer on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrganizations(query: { search: string; offset: number }) {
  return useQuery(adminOrganizationsQueryOptions(query));
}
