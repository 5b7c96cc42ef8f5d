import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useBalers } from '@/features/balers';
import { usePricing } from '@/features/subscriptions/api/get-pricing';
import { useWallet } from '@/features/subscriptions/api/get-wallet';
import { BalerMonthsGrid } from '@/features/subscriptions/components/baler-months-grid';
import { BuyCreditsForm } from '@/features/subscriptions/components/buy-credits-form';
import { CheckoutReturn } from '@/features/subscriptions/components/checkout-return';
import { GrantCreditsForm } from '@/features/subscriptions/components/grant-credits-form';
import { LedgerTable } from '@/features/subscriptions/components/ledger-table';
import { PromoBanner } from '@/features/subscriptions/components/promo-banner';
import { formatCount } from '@/lib/format';

interface SubscriptionOverviewProps {
  /** The owner (or a SuperAdmin acting) buys and applies; sub-users look. */
  canModify: boolean;
  /** SuperAdmins may grant credits to the organization they act for. */
  canGrant: boolean;
  /** `?checkout=` on the way back from Stripe. */
  checkout: string | null;
}

/**
 * Subscription plans and pricing (docs/product.md#screens-and-routes): the promotion, the wallet's
 * balance, buying credits, each baler's months and the credit history.
 */
export function SubscriptionOverview({ canModify, canGrant, checkout }: SubscriptionOverviewProps) {
  const pricing = usePricing();
  const wallet = useWallet();
  const balers = useBalers();

  if (pricing.isPending || wallet.isPending) return <Loader aria-label="Loading" />;
  if (pricing.isError || wallet.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messages.generic}
      </Alert>
    );
  }
  if (pricing.data.billing === 'off') {
    return (
      <Alert color="blue" variant="light" role="status" title="Billing is off">
        {messages.subscriptions.billingOff} Nothing needs a credit on this server, and no bale is
        ever locked.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <PromoBanner />
      <CheckoutReturn checkout={checkout} />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3">
              Credits
            </Title>
            <Text size="xl" fw={700} aria-label="Balance">
              {formatCount(wallet.data.balance, 'credit', 'credits')}
            </Text>
          </Group>
          <BuyCreditsForm pricing={pricing.data} canModify={canModify} />
          {canGrant && <GrantCreditsForm />}
        </Stack>
      </Card>
      <Stack gap="sm" id="balers">
        <Title order={2} size="h3">
          Months per baler
        </Title>
        <Text size="sm" c="dimmed">
          A baler's bales show on the map for the months that have a credit. Apply credits to months
          ahead; they start by themselves on the 1st (UTC). Bales of months without one are kept,
          and show once the month has a credit: a month that is over can still have one, back to the
          start of the previous crop year.
        </Text>
        {balers.isPending ? (
          <Loader size="sm" aria-label="Loading balers" />
        ) : balers.data?.balers.length ? (
          balers.data.balers.map((baler) => (
            <Card
              key={baler.id}
              withBorder
              padding="md"
              component="section"
              aria-label={`Months of ${baler.name}`}
            >
              <Stack gap="xs">
                <Text fw={600}>
                  {baler.name}{' '}
                  <Text span size="sm" c="dimmed" ff="monospace">
                    {baler.vin}
                  </Text>
                </Text>
                <BalerMonthsGrid balerId={baler.id} canModify={canModify} showBalance={false} />
              </Stack>
            </Card>
          ))
        ) : (
          <Text c="dimmed">{messages.baler.noBalers}</Text>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Credit history
        </Title>
        <LedgerTable entries={wallet.data.entries} />
      </Stack>
    </Stack>
  );
}
