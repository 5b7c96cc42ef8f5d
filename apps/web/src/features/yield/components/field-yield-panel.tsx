import type { FieldYieldRow, HarvestFigures } from '@baletrack/contracts/yield/yield';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDisplayUnits } from '@/features/settings';
import { useDownloadFieldYield, useFieldYield } from '@/features/yield/api/get-field-yield';
import { yieldChange } from '@/features/yield/utils/yield-change';
import { formatNumber } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

interface FieldYieldPanelProps {
  /** Crop years to choose from, newest first. */
  years: number[];
  initialYear: number;
}

const noWrap = { whiteSpace: 'nowrap' } as const;

// What the hay took off, per area: the table's last columns, shown from tablet width up.
const removalColumns: [string, (figures: HarvestFigures) => number | null][] = [
  ['N', (figures) => figures.nitrogenKgPerHectare],
  ['P₂O₅', (figures) => figures.p2o5KgPerHectare],
  ['K₂O', (figures) => figures.k2oKgPerHectare],
];

/**
 * Yield per field (docs/product.md#beyond-the-spec-yield-per-field): each field's dry matter per
 * area in a crop year, its cuttings beside the same cuttings of the year before, best first.
 */
export function FieldYieldPanel({ years, initialYear }: FieldYieldPanelProps) {
  const [year, setYear] = useState(initialYear);
  const result = useFieldYield(year);
  const download = useDownloadFieldYield();
  const units = useDisplayUnits();
  const perArea = (kgPerHectare: number | null) =>
    kgPerHectare === null ? '—' : units.format(kgPerHectare, 'yield');
  const fields = result.data?.fields ?? [];
  const withHay = fields.filter((field) => field.rank !== null);
  const without = fields.filter((field) => field.rank === null);

  return (
    <Stack gap="md" component="section" aria-label="Yield per field">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" maw={620}>
          Dry matter per {units.symbol('area') === 'ha' ? 'hectare' : 'acre'} of each field, its
          cuttings beside the same cuttings of {year - 1}, and what the hay took off: nitrogen from
          its crude protein, phosphate and potash at the removal rates of each cutting's crop. A
          bale lying in two fields counts half in each.
        </Text>
        <Group gap="xs" align="flex-end">
          <Select
            label="Crop year"
            data={years.map(String)}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            w={120}
          />
          <Button
            variant="default"
            loading={download.isPending}
            disabled={!result.data || fields.length === 0}
            onClick={() => download.mutate(year)}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {download.isError && (
        <Alert color="red" title="The CSV could not be downloaded">
          {download.error.message}
        </Alert>
      )}
      {result.isPending && <Loader aria-label="Loading yield" />}
      {result.isError && (
        <Alert color="red" title="The yield could not be loaded">
          {result.error.message}
        </Alert>
      )}
      {result.data && fields.length === 0 && (
        <Text>
          <Anchor component={Link} to={routePaths.fields}>
            Draw or import your fields
          </Anchor>{' '}
          to see what each of them gave.
        </Text>
      )}
      {result.data && fields.length > 0 && withHay.length === 0 && (
        <Text>No bales on your fields in {year}.</Text>
      )}
      {withHay.length > 0 && withHay.every((field) => field.year.cropDryMatterKg === 0) && (
        <Text size="sm">
          <Anchor component={Link} to={routePaths.cuttings}>
            Give your cuttings a crop
          </Anchor>{' '}
          to see the phosphate and potash their hay took off.
        </Text>
      )}
      {withHay.map((field) => (
        <FieldCard key={field.fieldId} field={field} year={year} perArea={perArea} />
      ))}
      {without.length > 0 && withHay.length > 0 && (
        <Text size="sm" c="dimmed">
          No bales in {year} on {without.map((field) => field.name).join(', ')}.
        </Text>
      )}
      {result.data && result.data.outsideFields.bales > 0 && (
        <Text size="sm" c="dimmed">
          {formatNumber(result.data.outsideFields.bales)} bales of {year} (
          {units.format(result.data.outsideFields.dryMatterKg, 'tonnage')} of dry matter) lie in no
          field and count in none.
        </Text>
      )}
    </Stack>
  );
}

interface FieldCardProps {
  field: FieldYieldRow;
  year: number;
  perArea: (kgPerHectare: number | null) => string;
}

function FieldCard({ field, year, perArea }: FieldCardProps) {
  const units = useDisplayUnits();
  // Figures in the table's units, named in its headers.
  const figure = (value: number, quantity: 'tonnage' | 'yield') =>
    formatNumber(units.fromSI(value, quantity), 2);
  const rate = (kgPerHectare: number | null) =>
    kgPerHectare === null ? '—' : formatNumber(units.fromSI(kgPerHectare, 'nutrientRate'));
  const { year: hay } = field;
  const removed = removalColumns
    .filter(([, of]) => of(hay) !== null)
    .map(([nutrient, of]) => `${nutrient} ${rate(of(hay))}`)
    .join(' · ');
  // Phosphate and potash count only the hay of cuttings with a crop: say so when some has none.
  const partly = hay.cropDryMatterKg > 0 && hay.dryMatterKg - hay.cropDryMatterKg >= 1;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={field.name}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h4">
            {field.rank}. {field.name}
          </Title>
          <Text size="sm" c="dimmed">
            {units.format(field.areaHectares, 'area')} · {formatNumber(field.year.bales, 1)} bales ·{' '}
            {units.format(field.year.weightKg, 'tonnage')} as baled
          </Text>
          {removed && (
            <Text size="sm" c="dimmed">
              Removed {removed} {units.symbol('nutrientRate')}
            </Text>
          )}
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text fw={700} size="lg">
            {perArea(field.year.dryMatterKgPerHectare)}
          </Text>
          <Badge variant="light" tt="none" color={changeColor(field.changePercent)}>
            {field.changePercent === null
              ? `No ${year - 1} to compare`
              : `${yieldChange(field.changePercent)} vs ${year - 1}`}
          </Badge>
        </div>
      </Group>
      <Table aria-label={`Cuttings on ${field.name}`} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cutting</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Bales
            </Table.Th>
            <Table.Th ta="right">Dry matter, {units.symbol('tonnage')}</Table.Th>
            <Table.Th ta="right">{units.symbol('yield')}</Table.Th>
            <Table.Th ta="right">vs {year - 1}</Table.Th>
            {removalColumns.map(([nutrient]) => (
              <Table.Th key={nutrient} ta="right" visibleFrom="sm">
                {nutrient} removed, {units.symbol('nutrientRate')}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {field.cuttings.map((cutting) => (
            <Table.Tr key={cutting.cuttingId ?? 'outside'}>
              <Table.Td>{cutting.name ?? 'Outside cuttings'}</Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatNumber(cutting.bales, 1)}
              </Table.Td>
              <Table.Td ta="right" style={noWrap}>
                {figure(cutting.dryMatterKg, 'tonnage')}
              </Table.Td>
              <Table.Td ta="right" style={noWrap}>
                {cutting.dryMatterKgPerHectare === null
                  ? '—'
                  : figure(cutting.dryMatterKgPerHectare, 'yield')}
              </Table.Td>
              <Table.Td ta="right" style={noWrap}>
                {yieldChange(cutting.changePercent)}
              </Table.Td>
              {removalColumns.map(([nutrient, of]) => (
                <Table.Td key={nutrient} ta="right" visibleFrom="sm">
                  {rate(of(cutting))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {partly && (
        <Text size="xs" c="dimmed" mt="xs">
          Phosphate and potash count the {units.format(hay.cropDryMatterKg, 'tonnage')} of dry
          matter in cuttings with a crop.
        </Text>
      )}
    </Paper>
  );
}

/** A rise green, a fall red; nothing to compare with (or no change) neutral. */
function changeColor(percent: number | null): string {
  if (percent === null || percent === 0) return 'gray';
  return percent < 0 ? 'red' : 'green';
}
