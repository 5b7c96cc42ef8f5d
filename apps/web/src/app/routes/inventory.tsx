import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { InventoryValue } from '@/features/inventory/components/inventory-value';
import { PriceEditor } from '@/features/inventory/components/price-editor';
import { useMay } from '@/features/users';
import { routePaths } from '@/lib/route-names';

/**
 * Inventory (menu "Inventory"): the hay on hand and what it is worth by quality grade, with the
 * prices the owner or a manager sets (docs/product.md#beyond-the-spec-quality-and-value).
 */
export function InventoryRoute() {
  const may = useMay();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Inventory
          </Title>
          <Button component={Link} to={routePaths.home} variant="default">
            Back to the map
          </Button>
        </Group>
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
