import { type Settings, settingsSchema } from '@baletrack/contracts/settings/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userApi } from '@/lib/api-client';

// Shared, not a feature's: every screen that shows a measure or RFV reads these settings.

/** Query keys of the organization's settings. */
export const settingsKeys = {
  all: ['settings'] as const,
  organization: () => [...settingsKeys.all, 'organization'] as const,
};

/** GET /user/organization/settings: RFV or nutrition, measurement system, crop-year start. */
export async function getOrganizationSettings(signal?: AbortSignal): Promise<Settings> {
  return settingsSchema.parse(await userApi.get('/user/organization/settings', { signal }));
}

export function organizationSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.organization(),
    queryFn: ({ signal }) => getOrganizationSettings(signal),
  });
}

export function useOrganizationSettings() {
  return useQuery(organizationSettingsQueryOptions());
}
