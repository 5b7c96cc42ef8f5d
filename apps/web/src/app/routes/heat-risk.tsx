import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HeatRiskList } from '@/features/heat-risk/components/heat-risk-list';
import { HeatRiskRecipientsForm } from '@/features/heat-risk/components/heat-risk-recipients-form';
import { useMay } from '@/features/users';
import { routePaths } from '@/lib/route-names';

/**
 * Heat risk (menu "Heat Risk"): bales and stacks baled wetter than is safe for their shape, most
 * urgent first, each with why (docs/product.md#beyond-the-spec-heat-risk).
 */
export function HeatRiskRoute() {
  const may = useMay();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Heat risk
          </Title>
          <Button component={Link} to={routePaths.home} variant="default">
            Back to the map
          </Button>
        </Group>
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
