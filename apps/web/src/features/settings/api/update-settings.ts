import { type Settings, settingsSchema } from '@baletrack/contracts/settings/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '@/features/settings/api/settings-keys';
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
    onSuccess: (saved) => {
      const before = queryClient.getQueryData<Settings>(settingsKeys.organization());
      queryClient.setQueryData(settingsKeys.organization(), saved);
      // The selected year is a crop year counted on the server: another start month changes
      // which bales every year-limited answer holds, and which years there are.
      if (before && before.cropYearStartMonth !== saved.cropYearStartMonth) {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== settingsKeys.all[0],
        });
      }
    },
  });
}
