import type { ValueTotals } from '@baletrack/contracts/inventory/inventory';
import { ScrollArea, Table, Title } from '@mantine/core';
import { formatMoney } from '@/features/inventory/utils/money';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber } from '@/lib/format';

interface ValueTableProps {
  title: string;
  /** The first column's heading: Grade, Stack, Field… */
  heading: string;
  rows: (ValueTotals & { key: string; name: string; extra?: string })[];
  extraHeading?: string;
  units: DisplayUnits;
}

/** Bales, weight and value of each group of the hay on hand. */
export function ValueTable({ title, heading, rows, extraHeading, units }: ValueTableProps) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {/* On a phone the table scrolls sideways; its viewport takes keyboard focus to do so. */}
      <ScrollArea
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${title} table` }}
      >
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{heading}</Table.Th>
              {extraHeading && <Table.Th>{extraHeading}</Table.Th>}
              <Table.Th ta="right">Bales</Table.Th>
              <Table.Th ta="right">Weight ({units.symbol('tonnage')})</Table.Th>
              <Table.Th ta="right">Unpriced bales</Table.Th>
              <Table.Th ta="right">Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.name}</Table.Td>
                {extraHeading && <Table.Td>{row.extra ?? '—'}</Table.Td>}
                <Table.Td ta="right">{formatNumber(row.baleCount)}</Table.Td>
                <Table.Td ta="right">
                  {formatNumber(units.fromSI(row.weightKg, 'tonnage'), 2)}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(row.unpricedCount)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </section>
  );
}
