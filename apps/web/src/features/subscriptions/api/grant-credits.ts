import {
  type GrantCreditsRequest,
  type Wallet,
  walletSchema,
} from '@baletrack/contracts/subscriptions/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { userApi } from '@/lib/api-client';

/** POST /wallet/grants: a SuperAdmin acting for the organization grants it credits. */
export async function grantCredits(grant: GrantCreditsRequest): Promise<Wallet> {
  return walletSchema.parse(await userApi.post('/wallet/grants', { body: grant }));
}

export function useGrantCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantCredits,
    onSuccess: (wallet) => queryClient.setQueryData(subscriptionsKeys.wallet(), wallet),
  });
}
