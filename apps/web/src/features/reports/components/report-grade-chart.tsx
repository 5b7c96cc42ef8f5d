import {
  alfalfaGrades,
  type GradeDistribution,
  grassGrades,
} from '@baletrack/contracts/summaries/summary';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';

interface GradeChartProps {
  title: string;
  grades: { grade: string; bales: number }[];
}

function GradeChart({ title, grades }: GradeChartProps) {
  const described = grades.map((g) => `${g.grade} ${formatNumber(g.bales)}`).join(', ');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <BarChart
        h={180}
        data={grades}
        dataKey="grade"
        series={[{ name: 'bales', label: 'Bales', color: 'green.6' }]}
        withBarValueLabel
        // Room above the tallest bar for its value.
        barChartProps={{ margin: { top: 18 } }}
        valueFormatter={(value) => formatNumber(value)}
        gridAxis="y"
        tickLine="none"
        // Every grade's name under its bar: recharts otherwise drops the ones that seem crowded.
        xAxisProps={{ interval: 0 }}
        role="img"
        aria-label={`${title}: ${described}`}
      />
    </Stack>
  );
}

interface ReportGradeChartsProps {
  grades: GradeDistribution;
  rfvEnabled: boolean;
}

/**
 * Bales per quality grade as bar charts, legume and grass apart ("Good" means other values in
 * each). Legume grades are RFV-based, so with RFV turned off only their number is said, as in the
 * PDF (docs/product.md#reports).
 */
export function ReportGradeCharts({ grades, rfvEnabled }: ReportGradeChartsProps) {
  const legume = alfalfaGrades.map((grade) => ({ grade, bales: grades.legume[grade] }));
  const grass = grassGrades.map((grade) => ({ grade, bales: grades.grass[grade] }));
  const sum = (list: { bales: number }[]) => list.reduce((total, g) => total + g.bales, 0);
  const showLegume = rfvEnabled && sum(legume) > 0;
  const showGrass = sum(grass) > 0;
  return (
    <Stack gap="sm" aria-label="Quality grades">
      {(showLegume || showGrass) && (
        <SimpleGrid cols={{ base: 1, sm: showLegume && showGrass ? 2 : 1 }} spacing="md">
          {showLegume && <GradeChart title="Legume hay (USDA, by RFV)" grades={legume} />}
          {showGrass && <GradeChart title="Grass hay (by crude protein)" grades={grass} />}
        </SimpleGrid>
      )}
      {!rfvEnabled && sum(legume) > 0 && (
        <Text size="xs" c="dimmed">
          {formatNumber(sum(legume))} legume bales are not graded here: their grade is RFV-based and
          RFV is turned off in the settings.
        </Text>
      )}
      {grades.ungraded > 0 && (
        <Text size="xs" c="dimmed">
          {formatNumber(grades.ungraded)} not graded: in no cutting with a crop, or without the
          values their grade needs.
        </Text>
      )}
    </Stack>
  );
}
