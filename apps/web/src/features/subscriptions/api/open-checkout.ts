import {
  type CheckoutSession,
  checkoutSessionSchema,
} from '@baletrack/contracts/subscriptions/billing';
import { useMutation } from '@tanstack/react-query';
import { userApi } from '@/lib/api-client';

/** POST /stripe/checkout?quantity=N: the payment page for N credits. */
export async function openCheckout(quantity: number): Promise<CheckoutSession> {
  return checkoutSessionSchema.parse(
    await userApi.post('/stripe/checkout', { query: { quantity } }),
  );
}

/** Opens the payment page; the browser leaves the app and comes back to /subscription. */
export function useOpenCheckout() {
  return useMutation({
    mutationFn: openCheckout,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
