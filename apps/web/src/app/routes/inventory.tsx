import { Container, Stack, Text } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { InventoryValue } from '@/features/inventory/components/inventory-value';
import { PriceEditor } from '@/features/inventory/components/price-editor';
import { useMay } from '@/features/users';

/**
 * Inventory (menu "Inventory"): the hay on hand and what it is worth by quality grade, with the
 * prices the owner or a manager sets (docs/product.md#beyond-the-spec-quality-and-value).
 */
export function InventoryRoute() {
  const may = useMay();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Inventory" />
        <Text c="dimmed">
          The hay on hand — every bale not loaded out for sale — valued by its USDA quality grade
          with the prices in effect on the day.
        </Text>
        <InventoryValue />
        <PriceEditor canSet={may('prices')} />
      </Stack>
    </Container>
  );
}
