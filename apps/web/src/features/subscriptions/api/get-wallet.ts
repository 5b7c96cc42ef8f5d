import { type Wallet, walletSchema } from '@baletrack/contracts/subscriptions/wallet';
import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { userApi } from '@/lib/api-client';

/** GET /wallet: the organization's credit balance and its newest ledger entries. */
export async function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return walletSchema.parse(await userApi.get('/wallet', { signal }));
}

export function walletQueryOptions() {
  return queryOptions({
    queryKey: subscriptionsKeys.wallet(),
    queryFn: ({ signal }) => getWallet(signal),
  });
}

/** The wallet; `refetchInterval` polls it while a payment is being confirmed. */
export function useWallet(
  options: {
    refetchInterval?: UseQueryOptions<
      Wallet,
      Error,
      Wallet,
      ReturnType<typeof subscriptionsKeys.wallet>
    >['refetchInterval'];
  } = {},
) {
  return useQuery({ ...walletQueryOptions(), refetchInterval: options.refetchInterval ?? false });
}
