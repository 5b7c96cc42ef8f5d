import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { cropYearOf } from '@baletrack/domain/crop-year';
import { Container, Loader, Stack } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { useAvailableYears } from '@/features/map/api/get-available-years';
import { useOrganizationSettings } from '@/features/settings';
import { FieldYieldPanel } from '@/features/yield';

/**
 * Yield per Field (menu "Yield per Field"): what each field gave in a crop year
 * (docs/product.md#beyond-the-spec-yield-per-field). The years to choose from are those with
 * bales, and the current one, newest first.
 */
export function YieldRoute() {
  const settings = useOrganizationSettings();
  const available = useAvailableYears();
  const startMonth = (settings.data ?? defaultSettings).cropYearStartMonth;
  const current = cropYearOf(Date.now(), startMonth);
  const years = [...new Set([current, ...(available.data?.years ?? [])])].sort((a, b) => b - a);
  // The newest year with bales first, else the current one.
  const first = available.data?.years.at(-1) ?? current;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <PageHeading title="Yield per Field" help="yield-per-field" />
        {settings.isPending || available.isPending ? (
          <Loader aria-label="Loading" />
        ) : (
          <FieldYieldPanel key={first} years={years} initialYear={first} />
        )}
      </Stack>
    </Container>
  );
}
