import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { cropYearOf } from '@baletrack/domain/crop-year';
import { Menu } from '@mantine/core';
import { useOrganizationSettings } from '@/features/settings';
import { useYieldMapParams } from '@/features/yield/hooks/use-yield-map-params';
import { yieldMapYear } from '@/features/yield/utils/yield-map-year';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';

interface YieldMapMenuItemProps {
  /** Crop years with bales (GET /available-years), to open on the newest. */
  yearsWithBales: readonly number[] | undefined;
}

/**
 * The map menu's "Yield map" entry (docs/product.md#beyond-the-spec-yield-per-field): turns the
 * yield map on, on the top bar's crop year or the newest with bales, or off.
 */
export function YieldMapMenuItem({ yearsWithBales }: YieldMapMenuItemProps) {
  const [params, setParams] = useYieldMapParams();
  const [timeFilter] = useBaleTimeFilter();
  const startMonth = (useOrganizationSettings().data ?? defaultSettings).cropYearStartMonth;
  const on = params.year !== undefined;
  const turnOn = () =>
    setParams({
      year: yieldMapYear(timeFilter.year, yearsWithBales, cropYearOf(Date.now(), startMonth)),
    });
  return (
    <Menu.Item
      onClick={() => (on ? setParams({ year: undefined }) : turnOn())}
      rightSection={on ? <span aria-hidden="true">✓</span> : undefined}
    >
      Yield map
    </Menu.Item>
  );
}
