import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '@/features/inventory';
import { useInventoryValue } from '@/features/summaries/api/get-inventory-value';
import { formatNumber } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

/**
 * The value of all hay on hand today (not only the summary's selection), with a way to the
 * Inventory page (docs/product.md#beyond-the-spec-quality-and-value).
 */
export function InventoryValueLine({ enabled }: { enabled: boolean }) {
  const value = useInventoryValue(enabled);
  const total = value.data?.total;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">
        Value of all hay on hand today:{' '}
        <Text span fw={700}>
          {formatMoney(total?.value ?? null)}
        </Text>
        {total &&
          total.unpricedCount > 0 &&
          ` (${formatNumber(total.unpricedCount)} bales unpriced)`}
      </Text>
      <Anchor component={Link} to={routePaths.inventory} size="sm">
        Inventory
      </Anchor>
    </Group>
  );
}
