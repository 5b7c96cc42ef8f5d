import { type Settings, settingsSchema } from '@baletrack/contracts/settings/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '@/hooks/use-organization-settings';
import { userApi } from '@/lib/api-client';

/** PUT /user/organization/settings (account owner only). */
export async function updateSettings(settings: Settings): Promise<Settings> {
  return settingsSchema.parse(await userApi.put('/user/organization/settings', { body: settings }));
}

/** Saves the settings; the stored answer replaces the cached ones, so units change at once. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.organization(), saved),
  });
}
