import { messages } from '@baletrack/contracts/errors/messages';
import { CHECKOUT_MAX_CREDITS, type Pricing } from '@baletrack/contracts/subscriptions/billing';
import { creditPriceCents } from '@baletrack/domain/subscriptions/price';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePromotion } from '@/features/subscriptions/api/get-promotion';
import { useOpenCheckout } from '@/features/subscriptions/api/open-checkout';
import { formatMoney } from '@/features/subscriptions/utils/billing-format';
import { changeErrorMessage } from '@/lib/change-error-message';

interface BuyCreditsFormProps {
  pricing: Extract<Pricing, { payments: 'configured' }> | Pricing;
  canModify: boolean;
}

/** N credits at the price (less a running promotion), paid on Stripe's checkout page. */
export function BuyCreditsForm({ pricing, canModify }: BuyCreditsFormProps) {
  const [quantity, setQuantity] = useState<number>(12);
  const promotion = usePromotion().data?.promotion;
  const checkout = useOpenCheckout();
  if (pricing.payments !== 'configured' || pricing.pricePerCreditCents === undefined) {
    return (
      <Alert color="yellow" variant="light">
        {messages.subscriptions.paymentsNotConfigured}
      </Alert>
    );
  }
  const currency = pricing.currency ?? 'usd';
  const full = pricing.pricePerCreditCents;
  const each = creditPriceCents(full, promotion?.percentOff);
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= CHECKOUT_MAX_CREDITS;

  return (
    <Stack gap="sm">
      <Text size="sm">
        1 credit = 1 month for 1 baler, for any baler, in any year.{' '}
        {each === full ? (
          <>{formatMoney(full, currency)} a credit.</>
        ) : (
          <>
            <s>{formatMoney(full, currency)}</s> {formatMoney(each, currency)} a credit.
          </>
        )}
      </Text>
      <Group align="flex-end">
        <NumberInput
          label="Credits to buy"
          min={1}
          max={CHECKOUT_MAX_CREDITS}
          allowDecimal={false}
          value={quantity}
          onChange={(value) => setQuantity(typeof value === 'number' ? value : Number.NaN)}
          error={valid ? undefined : messages.subscriptions.quantityInvalid}
          disabled={!canModify}
          w={160}
        />
        <Button
          onClick={() => checkout.mutate(quantity)}
          loading={checkout.isPending}
          disabled={!canModify || !valid}
        >
          {valid ? `Buy ${quantity} for ${formatMoney(each * quantity, currency)}` : 'Buy credits'}
        </Button>
      </Group>
      {!canModify && (
        <Text size="sm" c="dimmed">
          {messages.roles.ownerOnlySubscriptions}
        </Text>
      )}
      {checkout.isError && (
        <Alert color="red" variant="light" role="alert">
          {changeErrorMessage(checkout.error, messages.subscriptions.checkoutFailed)}
        </Alert>
      )}
    </Stack>
  );
}
