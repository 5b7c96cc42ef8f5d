import { Alert, Text } from '@mantine/core';
import { usePromotion } from '@/features/subscriptions/api/get-promotion';
import { formatShortDay } from '@/lib/format';

/**
 * The running promotion (docs/product.md#screens-and-routes: percent off and end date); nothing
 * once it has ended.
 */
export function PromoBanner() {
  const promotion = usePromotion().data?.promotion;
  if (!promotion) return null;
  return (
    <Alert
      color="grape"
      variant="filled"
      role="status"
      title={`${promotion.percentOff} % off credits`}
    >
      <Text size="sm">
        Every credit bought until {formatShortDay(promotion.endsAt.slice(0, 10))} costs{' '}
        {promotion.percentOff} % less. The discount is applied at checkout.
      </Text>
    </Alert>
  );
}
