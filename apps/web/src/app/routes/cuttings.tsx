import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { cropYearOf } from '@baletrack/domain/crop-year';
import { Button, Container, Grid, Group, Loader, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCrops } from '@/features/crops/api/get-crops';
import { CropsPanel } from '@/features/crops/components/crops-panel';
import { CuttingsPanel } from '@/features/cuttings/components/cuttings-panel';
import { useFields } from '@/features/fields/api/get-fields';
import { HelpLink } from '@/features/help';
import { useOrganizationSettings } from '@/features/settings/api/get-settings';
import { routePaths } from '@/lib/route-names';

/**
 * Cuttings and Crops (menu "Cuttings and Crops"). The cuttings panel chooses among the
 * organization's fields and crops, which this route reads, since features do not import each
 * other.
 */
export function CuttingsRoute() {
  const settings = useOrganizationSettings();
  const fields = useFields();
  const crops = useCrops();
  const fieldOptions = useMemo(
    () =>
      (fields.data?.fields ?? [])
        .map((field) => ({ id: field.id, name: field.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-US')),
    [fields.data],
  );
  const startMonth = (settings.data ?? defaultSettings).cropYearStartMonth;

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2">
          Cuttings and Crops
        </Title>
        <Group gap="md" wrap="nowrap">
          <HelpLink slug="cuttings-and-crops" />
          <Button component={Link} to={routePaths.home} variant="default">
            Back to the map
          </Button>
        </Group>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {settings.isPending ? (
            <Loader aria-label="Loading" />
          ) : (
            <CuttingsPanel
              initialYear={cropYearOf(Date.now(), startMonth)}
              fields={fieldOptions}
              crops={crops.data?.crops ?? []}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CropsPanel />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
