import { type Settings, settingsSchema } from '@baletrack/contracts/settings/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { userApi } from '@/lib/api-client';

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
