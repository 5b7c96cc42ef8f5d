import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useInventoryValue } from '@/features/inventory/api/get-inventory-value';
import { ValueTable } from '@/features/inventory/components/value-table';
import { formatMoney } from '@/features/inventory/utils/money';
import { useDisplayUnits } from '@/features/settings';
import { formatNumber, formatShortDay } from '@/lib/format';

const coordinates = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

/**
 * The hay on hand (not loaded out) and what it is worth, today or as it stood on a chosen day:
 * totals, then per grade, crop year, cutting, field and stack.
 */
export function InventoryValue() {
  const [asOf, setAsOf] = useState('');
  const units = useDisplayUnits();
  const value = useInventoryValue(asOf === '' ? undefined : asOf);
  const data = value.data;
  return (
    <Stack gap="lg">
      <Group align="end">
        <TextInput
          type="date"
          label="Value as it stood on"
          description="Empty: today"
          value={asOf}
          onChange={(event) => setAsOf(event.currentTarget.value)}
        />
      </Group>
      {value.isPending && <Loader aria-label="Loading the inventory" />}
      {value.isError && (
        <Alert color="red" title="The inventory could not be loaded">
          Try again in a moment.
        </Alert>
      )}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Paper withBorder p="md" aria-label="Inventory value">
              <Text size="sm" c="dimmed">
                Value on {formatShortDay(data.asOf)}
              </Text>
              <Text size="xl" fw={700} data-testid="inventory-total-value">
                {formatMoney(data.total.value)}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">
                Bales on hand
              </Text>
              <Text size="xl" fw={700}>
                {formatNumber(data.total.baleCount)}
              </Text>
              <Text size="sm">{units.format(data.total.weightKg, 'tonnage')}</Text>
            </Paper>
            <Paper withBorder p="md">
              <Text size="sm" c="dimmed">
                Unpriced bales
              </Text>
              <Text size="xl" fw={700}>
                {formatNumber(data.total.unpricedCount)}
              </Text>
              <Text size="sm">No grade, or no price for their grade on that day</Text>
            </Paper>
          </SimpleGrid>
          <ValueTable
            title="By grade"
            heading="Grade"
            units={units}
            rows={data.byGrade.map((g) => ({
              ...g,
              key: g.grade ?? 'ungraded',
              name: g.grade === null ? 'Ungraded' : hayGradeLabel(g.grade),
            }))}
          />
          <ValueTable
            title="By crop year"
            heading="Crop year"
            units={units}
            rows={data.byCropYear.map((y) => ({ ...y, key: String(y.year), name: String(y.year) }))}
          />
          <ValueTable
            title="By cutting"
            heading="Cutting"
            extraHeading="Crop year"
            units={units}
            rows={data.byCutting.map((c) => ({ ...c, key: c.id, extra: String(c.year) }))}
          />
          <ValueTable
            title="By field"
            heading="Field"
            units={units}
            rows={data.byField.map((f) => ({ ...f, key: f.id }))}
          />
          <ValueTable
            title="By stack"
            heading="Stack"
            extraHeading="Grade"
            units={units}
            rows={data.byStack.map((s) => ({
              ...s,
              key: s.id,
              // Where a grower finds it: its storage area, else where it lies.
              name: s.storage
                ? `${s.storage} (${coordinates(s.lat, s.lon)})`
                : coordinates(s.lat, s.lon),
              extra: s.grade === null ? 'Ungraded' : hayGradeLabel(s.grade),
            }))}
          />
        </>
      )}
    </Stack>
  );
}
