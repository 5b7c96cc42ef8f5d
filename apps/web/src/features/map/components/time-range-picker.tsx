import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import {
  Button,
  Divider,
  Group,
  NativeSelect,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useAvailableYears } from '@/features/map/api/get-available-years';
import { cropYearHint, cropYearOption, cropYearTitle } from '@/features/map/utils/crop-year-label';
import { useOrganizationSettings } from '@/features/settings';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';
import { formatShortDay } from '@/lib/format';

const ALL = 'all';

// A calendar, drawn inline: the app ships no icon set for one symbol.
const calendarIcon = (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </svg>
);

function describe(filter: BaleTimeFilter, startMonth: number): string {
  if (filter.year !== undefined) return cropYearTitle(filter.year, startMonth);
  const day = (value: string) => formatShortDay(value.slice(0, 10));
  if (filter.from && filter.to) return `${day(filter.from)} – ${day(filter.to)}`;
  if (filter.from) return `From ${day(filter.from)}`;
  if (filter.to) return `Until ${day(filter.to)}`;
  return 'All years';
}

/**
 * The top bar's Date Range or year selection (docs/product.md#screens-and-routes): narrows every
 * bale the map asks for.
 */
export function TimeRangePicker() {
  const [filter, setFilter] = useBaleTimeFilter();
  const years = useAvailableYears();
  // Until the settings are in, years are calendar years (the default start month).
  const startMonth = useOrganizationSettings().data?.cropYearStartMonth ?? 1;
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const label = describe(filter, startMonth);
  const rangeInvalid = from !== '' && to !== '' && from > to;

  const open = () => {
    setFrom(filter.from?.slice(0, 10) ?? '');
    setTo(filter.to?.slice(0, 10) ?? '');
    setOpened(true);
  };
  const choose = (next: BaleTimeFilter) => {
    setFilter(next);
    setOpened(false);
  };
  const yearOptions = [
    { label: 'All years', value: ALL },
    ...[...(years.data?.years ?? [])]
      .reverse()
      .map((y) => ({ label: cropYearOption(y, startMonth), value: String(y) })),
  ];

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={calendarIcon}
          aria-label={`Date range or year: ${label}`}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" w={300}>
          <NativeSelect
            label={startMonth === 1 ? 'Year' : 'Crop year'}
            description={cropYearHint(filter.year, startMonth)}
            value={filter.year === undefined ? ALL : String(filter.year)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              choose(value === ALL ? {} : { year: Number(value) });
            }}
            data={yearOptions}
          />
          <Divider label="or a date range" labelPosition="center" />
          <Group grow gap="xs" align="flex-start">
            <TextInput
              type="date"
              label="From"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={rangeInvalid ? 'Before the start' : undefined}
            />
          </Group>
          {years.isError && (
            <Text size="xs" c="red">
              The years could not be loaded.
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => choose({})}>
              Show all
            </Button>
            <Button
              disabled={rangeInvalid || (from === '' && to === '')}
              onClick={() => choose({ ...(from && { from }), ...(to && { to }) })}
            >
              Apply range
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
