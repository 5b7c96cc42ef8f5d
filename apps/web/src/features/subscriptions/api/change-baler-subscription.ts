import {
  type BalerSubscription,
  balerSubscriptionSchema,
  type ChangeSubscriptionRequestBody,
} from '@baletrack/contracts/subscriptions/subscription';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balersKeys } from '@/features/balers';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { userApi } from '@/lib/api-client';

/** POST /subscriptions/{balerId}: apply or take back months, switch auto-renew. */
export async function changeBalerSubscription(input: {
  balerId: string;
  change: ChangeSubscriptionRequestBody;
}): Promise<BalerSubscription> {
  return balerSubscriptionSchema.parse(
    await userApi.post(`/subscriptions/${input.balerId}`, { body: input.change }),
  );
}

export function useChangeBalerSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBalerSubscription,
    onSuccess: (grid, { change }) => {
      queryClient.setQueryData(subscriptionsKeys.baler(grid.balerId), grid);
      // The balance moved, and the balers list shows each one's subscription end.
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.wallet() });
      void queryClient.invalidateQueries({ queryKey: balersKeys.all });
      // The current month starting unlocks bales: every bale read (map, summaries) asks again.
      if (change.confirmCurrentMonth) void queryClient.invalidateQueries();
    },
  });
}
