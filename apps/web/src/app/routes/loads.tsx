import { Container, Group, Stack, Text } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { LoadsList } from '@/features/loads/components/loads-list';
import { NewLoadButton } from '@/features/loads/components/new-load-button';
import { useMay } from '@/features/users';

/**
 * Loads (menu "Loads"): the bales going to a buyer together, built, marked ready and shipped by
 * the owner or a manager, read by everyone (docs/product.md#beyond-the-spec-loads).
 */
export function LoadsRoute() {
  const may = useMay();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Loads" help="loads" />
        <Group justify="space-between" align="flex-end">
          <Text c="dimmed" maw={640}>
            A load is the bales going to a buyer together: its weight, quality and value, its ticket
            for the truck, and a link the buyer can open. Shipping it marks its bales loaded out.
          </Text>
          {may('loads') && <NewLoadButton />}
        </Group>
        <LoadsList canBuild={may('loads')} />
      </Stack>
    </Container>
  );
}
