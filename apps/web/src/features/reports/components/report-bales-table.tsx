import { baleSizeLabels } from '@baletrack/contracts/bales/bale';
import { Box, Table, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import {
  type ReportRow,
  rowName,
  type Sort,
  SortedRowView,
  type SortKey,
} from '@/features/reports/utils/report-rows';
import type { DisplayUnits } from '@/lib/display-units';
import { formatLongDate, formatNumber, formatPercent } from '@/lib/format';

const ROW_HEIGHT = 36;
const dash = '—';
const loadLabels = { internal: 'Internal', retail: 'Retail' } as const;

interface Column {
  title: string;
  sortKey?: SortKey;
  width: number;
  align?: 'right';
  cell: (row: ReportRow) => ReactNode;
}

function columnsFor(units: DisplayUnits, rfvEnabled: boolean): Column[] {
  return [
    { title: 'Bale', sortKey: 'tag', width: 300, cell: rowName },
    {
      title: 'Made',
      sortKey: 'createdMs',
      width: 200,
      cell: (r) => formatLongDate(new Date(r.createdMs).toISOString()),
    },
    { title: 'Size', width: 70, cell: (r) => baleSizeLabels[r.baleSize] },
    {
      title: `Weight (${units.symbol('weight')})`,
      sortKey: 'weightKg',
      width: 120,
      align: 'right',
      cell: (r) => formatNumber(units.fromSI(r.weightKg, 'weight')),
    },
    {
      title: `Dry matter (${units.symbol('weight')})`,
      width: 130,
      align: 'right',
      cell: (r) => formatNumber(units.fromSI(r.dryMassKg, 'weight')),
    },
    {
      title: 'Moisture',
      sortKey: 'avgMoisture',
      width: 100,
      align: 'right',
      cell: (r) => formatPercent(r.avgMoisture),
    },
    rfvEnabled
      ? {
          title: 'RFV',
          sortKey: 'rfv',
          width: 80,
          align: 'right',
          cell: (r) => (r.rfv === null ? dash : formatNumber(r.rfv, 0)),
        }
      : {
          title: 'Protein',
          sortKey: 'protein',
          width: 90,
          align: 'right',
          cell: (r) => (r.protein === null ? dash : formatPercent(r.protein)),
        },
    { title: 'Load', width: 90, cell: (r) => (r.loadType ? loadLabels[r.loadType] : dash) },
  ];
}

const cellStyle = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

interface ReportBalesTableProps {
  /** Grown in place as pages arrive (`rowCount` says how far). */
  rows: ReportRow[];
  rowCount: number;
  /** Every row is in: a chosen sort is brought up to date. */
  done: boolean;
  units: DisplayUnits;
  rfvEnabled: boolean;
}

/** Bales named and ordered as on the map: by tag, untagged ones (named by uid) last. */
const byTag: Sort = { key: 'tag', direction: 'asc' };

/**
 * The report's bales, sortable by a few columns, by tag at first. Only the rows in view are drawn
 * (TanStack Virtual), so hundreds of thousands of bales scroll as smoothly as a hundred.
 */
export function ReportBalesTable({
  rows,
  rowCount,
  done,
  units,
  rfvEnabled,
}: ReportBalesTableProps) {
  const [sort, setSort] = useState<Sort>(byTag);
  const [sorter] = useState(() => new SortedRowView());
  const sorted = useMemo(
    () => sorter.view(rows, rowCount, sort, done),
    [sorter, rows, rowCount, sort, done],
  );
  const columns = useMemo(() => columnsFor(units, rfvEnabled), [units, rfvEnabled]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const width = columns.reduce((sum, column) => sum + column.width, 0);

  const toggle = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'tag' ? 'asc' : 'desc' },
    );

  return (
    <Box
      ref={scroller}
      h={{ base: 420, md: 520 }}
      style={{ overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)' }}
      tabIndex={0}
      aria-label="Bales of the report, scrollable"
    >
      <Table
        stickyHeader
        layout="fixed"
        miw={width}
        highlightOnHover
        aria-label="Bales"
        aria-rowcount={sorted.length + 1}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((column) => {
              const active = column.sortKey !== undefined && sort.key === column.sortKey;
              return (
                <Table.Th
                  key={column.title}
                  w={column.width}
                  ta={column.align}
                  aria-sort={
                    active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {column.sortKey ? (
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      onClick={() => toggle(column.sortKey as SortKey)}
                      aria-label={`Sort by ${column.title}`}
                    >
                      {column.title} {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </UnstyledButton>
                  ) : (
                    column.title
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr style={{ height: before }}>
              <td colSpan={columns.length} aria-hidden="true" />
            </tr>
          )}
          {items.map((item) => {
            const row = sorted.at(item.index);
            return (
              <Table.Tr key={row.uid} aria-rowindex={item.index + 2} h={ROW_HEIGHT}>
                {columns.map((column) => (
                  <Table.Td key={column.title} ta={column.align} style={cellStyle}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {after > 0 && (
            <tr style={{ height: after }}>
              <td colSpan={columns.length} aria-hidden="true" />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
