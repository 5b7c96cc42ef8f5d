import { Container, Stack, Text } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { HeatRiskList } from '@/features/heat-risk/components/heat-risk-list';
import { HeatRiskRecipientsForm } from '@/features/heat-risk/components/heat-risk-recipients-form';
import { useMay } from '@/features/users';

/**
 * Heat risk (menu "Heat Risk"): bales and stacks baled wetter than is safe for their shape, most
 * urgent first, each with why (docs/product.md#beyond-the-spec-heat-risk).
 */
export function HeatRiskRoute() {
  const may = useMay();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <PageHeading title="Heat risk" />
        <Text c="dimmed">
          Hay baled wetter than is safe can heat and catch fire, most often in the first weeks after
          baling. Check these bales with a temperature probe; the owner, and whoever the owner
          chooses, gets a mail each day while any is at high risk.
        </Text>
        <HeatRiskList />
        {may('people') && <HeatRiskRecipientsForm />}
      </Stack>
    </Container>
  );
}
