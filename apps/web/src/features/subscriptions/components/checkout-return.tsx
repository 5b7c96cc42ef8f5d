import type { Wallet } from '@baletrack/contracts/subscriptions/wallet';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useWallet } from '@/features/subscriptions/api/get-wallet';
import { formatCount } from '@/lib/format';

// Stripe usually calls the webhook within seconds; after this the page stops asking.
const CONFIRM_FOR_MS = 120_000;
const POLL_MS = 2_000;

/**
 * Back from Stripe's checkout (`?checkout=<session id>` or `=cancelled`): says the payment is
 * being confirmed while it waits for the signed webhook to add the credits, then how many.
 */
export function CheckoutReturn({ checkout }: { checkout: string | null }) {
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const paid = checkout !== null && checkout !== 'cancelled';
  const purchaseIn = (wallet: Wallet | undefined) =>
    wallet?.entries.find(
      (entry) => entry.kind === 'purchase' && paid && entry.note?.includes(checkout),
    );
  // Asks again while the payment is being confirmed, and stops once its credits are in.
  const wallet = useWallet({
    refetchInterval: (query) =>
      paid && !gaveUp && !purchaseIn(query.state.data) ? POLL_MS : false,
  });
  const purchase = purchaseIn(wallet.data);
  const waiting = paid && !purchase && !gaveUp;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_FOR_MS - (Date.now() - startedAt));
    return () => clearTimeout(timer);
  }, [waiting, startedAt]);

  if (checkout === null) return null;
  if (checkout === 'cancelled') {
    return (
      <Alert color="gray" variant="light" role="status">
        The payment was cancelled; nothing was charged.
      </Alert>
    );
  }
  if (purchase && wallet.data) {
    return (
      <Alert color="green" variant="light" role="status" title="Payment received">
        {formatCount(purchase.credits, 'credit was', 'credits were')} added. The wallet holds{' '}
        {formatCount(wallet.data.balance, 'credit', 'credits')}.
      </Alert>
    );
  }
  if (gaveUp) {
    return (
      <Alert color="yellow" variant="light" role="status">
        The payment is taking longer to confirm. The credits appear here as soon as Stripe confirms
        it; there is no need to pay again.
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" role="status">
      <Group gap="sm">
        <Loader size="xs" />
        <Text size="sm">Confirming your payment…</Text>
      </Group>
    </Alert>
  );
}
