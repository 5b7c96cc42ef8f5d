import type { LoadResponse } from '@baletrack/contracts/loads/loads';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { Alert, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@/features/inventory';
import type { DisplayUnits } from '@/lib/display-units';
import { formatCount, formatNumber, formatPercent, formatShortDay } from '@/lib/format';

interface Figure {
  label: string;
  value: string;
  note?: string;
}

interface LoadFiguresProps {
  load: LoadResponse;
  units: DisplayUnits;
  /** RFV shown (Settings); off, the average protein stands in its place, as on the map. */
  rfvEnabled: boolean;
}

/** The figures a buyer asks about first, each a labelled group a screen reader names. */
function KeyFigures({ load, units, rfvEnabled }: LoadFiguresProps) {
  const t = load.totals;
  const figures: Figure[] = [
    { label: 'Bales', value: formatNumber(t.baleCount) },
    { label: 'Weight', value: units.format(t.weightKg, 'tonnage') },
    { label: 'Dry matter', value: units.format(t.dryMassKg, 'tonnage') },
    {
      label: 'Average moisture',
      value: t.avgMoisture === null ? '—' : formatPercent(t.avgMoisture),
    },
    rfvEnabled
      ? { label: 'Average RFV', value: t.avgRfv === null ? '—' : formatNumber(t.avgRfv) }
      : {
          label: 'Average protein',
          value: t.avgProtein === null ? '—' : formatPercent(t.avgProtein),
        },
    {
      label: 'Value',
      value: formatMoney(t.value),
      note: [
        t.unpricedCount > 0 && `${formatNumber(t.unpricedCount)} unpriced`,
        `prices of ${formatShortDay(load.pricedOn)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="sm" role="group" aria-label={f.label}>
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text size="lg" fw={700}>
            {f.value}
          </Text>
          {f.note && <Text size="xs">{f.note}</Text>}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What to check before the load leaves: wet bales, and bales below the buyer's grade. */
function Warnings({ load }: { load: LoadResponse }) {
  const { wetCount, belowGradeCount } = load.totals;
  const warnings = [
    wetCount > 0 &&
      `${formatCount(wetCount, 'bale', 'bales')} above the safe moisture for their shape`,
    belowGradeCount > 0 &&
      load.minGrade &&
      `${formatCount(belowGradeCount, 'bale', 'bales')} below ${hayGradeLabel(load.minGrade)}`,
  ].filter((w): w is string => Boolean(w));
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Check before shipping" role="alert">
      <List size="sm" spacing={2}>
        {warnings.map((w) => (
          <List.Item key={w}>{w}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Bales and weight per grade, best first, ungraded last. */
function GradeMix({ load, units }: Pick<LoadFiguresProps, 'load' | 'units'>) {
  if (load.totals.grades.length === 0) return null;
  return (
    <section aria-label="Grade mix">
      <Title order={2} size="h4" mb="xs">
        Grade mix
      </Title>
      <Table striped maw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Grade</Table.Th>
            <Table.Th ta="right">Bales</Table.Th>
            <Table.Th ta="right">Weight ({units.symbol('tonnage')})</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {load.totals.grades.map((g) => (
            <Table.Tr key={g.grade ?? 'ungraded'}>
              <Table.Td>{g.grade === null ? 'Ungraded' : hayGradeLabel(g.grade)}</Table.Td>
              <Table.Td ta="right">{formatNumber(g.baleCount)}</Table.Td>
              <Table.Td ta="right">{formatNumber(units.fromSI(g.weightKg, 'tonnage'), 2)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/** A load's totals in the organization's units, its warnings and its grade mix. */
export function LoadFigures(props: LoadFiguresProps) {
  return (
    <Stack gap="md">
      <KeyFigures {...props} />
      <Warnings load={props.load} />
      <GradeMix load={props.load} units={props.units} />
    </Stack>
  );
}
