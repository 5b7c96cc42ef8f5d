import type { FieldYieldRow } from '@baletrack/contracts/yield/yield';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useDisplayUnits } from '@/features/settings';
import { yieldChange } from '@/features/yield/utils/yield-change';
import { formatNumber } from '@/lib/format';

interface YieldFieldDetailsProps {
  /** The field's name, shown even before (or without) its figures. */
  name: string;
  /** Its figures in the year; undefined: none came (a field drawn since). */
  row: FieldYieldRow | undefined;
  year: number;
  /** The cutting the map shows, whose row stands out. */
  cuttingId: string | undefined;
}

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The field picked on the yield map: its area and year, then each of its cuttings of the year —
 * dry matter and hay as baled per area, bales, and the change against the year before.
 */
export function YieldFieldDetails({ name, row, year, cuttingId }: YieldFieldDetailsProps) {
  const units = useDisplayUnits();
  // Figures in the table's units, named in its headers, as on Yield per Field.
  const perArea = (kgPerHectare: number | null) =>
    kgPerHectare === null ? '—' : formatNumber(units.fromSI(kgPerHectare, 'yield'), 2);
  const yearFigure = row?.year.dryMatterKgPerHectare ?? null;
  // A field picked on the map shows at once, though its figures are below the legend: on a
  // phone the panel scrolls within itself.
  const section = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!name) return;
    section.current?.scrollIntoView?.({
      block: 'nearest',
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }, [name, reduceMotion]);

  return (
    <Stack ref={section} gap={6} component="section" aria-label={`Yield of ${name}`}>
      <Title order={3} size="h6">
        {name}
      </Title>
      {!row ? (
        <Text size="xs">No figures for this field in {year} yet.</Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {units.format(row.areaHectares, 'area')} ·{' '}
            {row.year.bales > 0 && yearFigure !== null
              ? `${units.format(yearFigure, 'yield')} dry matter in ${year}, ${yieldChange(
                  row.changePercent,
                )} vs ${year - 1}`
              : `no hay in ${year}`}
          </Text>
          {row.cuttings.length === 0 ? (
            <Text size="xs">No cuttings of {year} on this field.</Text>
          ) : (
            <Table
              aria-label={`Cuttings on ${name}`}
              fz="xs"
              verticalSpacing={4}
              horizontalSpacing={4}
              captionSide="bottom"
            >
              <Table.Caption ta="left" mt={4}>
                Dry matter and as baled in {units.symbol('yield')}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cutting</Table.Th>
                  <Table.Th style={right}>Dry matter</Table.Th>
                  <Table.Th style={right}>As baled</Table.Th>
                  <Table.Th style={right}>Bales</Table.Th>
                  <Table.Th style={right}>vs {year - 1}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {row.cuttings.map((cutting) => (
                  <Table.Tr
                    key={cutting.cuttingId ?? 'outside'}
                    fw={
                      cutting.cuttingId !== null && cutting.cuttingId === cuttingId
                        ? 700
                        : undefined
                    }
                    aria-current={
                      cutting.cuttingId !== null && cutting.cuttingId === cuttingId
                        ? 'true'
                        : undefined
                    }
                  >
                    <Table.Td>{cutting.name ?? 'Outside cuttings'}</Table.Td>
                    <Table.Td style={right}>{perArea(cutting.dryMatterKgPerHectare)}</Table.Td>
                    <Table.Td style={right}>{perArea(cutting.weightKgPerHectare)}</Table.Td>
                    <Table.Td style={right}>{formatNumber(cutting.bales, 1)}</Table.Td>
                    <Table.Td style={right}>{yieldChange(cutting.changePercent)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
