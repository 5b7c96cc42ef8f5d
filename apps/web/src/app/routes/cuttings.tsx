import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { cropYearOf } from '@baletrack/domain/crop-year';
import { Container, Grid, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { PageHeading } from '@/app/routes/page-heading';
import { useCrops } from '@/features/crops/api/get-crops';
import { CropsPanel } from '@/features/crops/components/crops-panel';
import { CuttingsPanel } from '@/features/cuttings/components/cuttings-panel';
import { useFields } from '@/features/fields/api/get-fields';
import { useOrganizationSettings } from '@/features/settings/api/get-settings';

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
      <PageHeading title="Cuttings and Crops" help="cuttings-and-crops" mb="lg" />
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
