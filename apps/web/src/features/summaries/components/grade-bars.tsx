import {
  alfalfaGrades,
  type GradeDistribution,
  grassGrades,
} from '@baletrack/contracts/summaries/summary';
import { Box, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';

interface Bar {
  label: string;
  count: number;
}

function Bars({ title, bars, total }: { title: string; bars: Bar[]; total: number }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {bars.map((bar) => {
        const share = total > 0 ? bar.count / total : 0;
        return (
          <Group key={bar.label} gap="xs" wrap="nowrap">
            <Text size="xs" w={64}>
              {bar.label}
            </Text>
            {/* Plain CSS bars: the share of all bales in the summary, not of this table. */}
            <Box style={{ flex: 1 }} bg="gray.1" h={10} aria-hidden="true">
              <Box bg="green.6" h={10} w={`${(share * 100).toFixed(1)}%`} />
            </Box>
            <Text size="xs" w={90} ta="right">
              {formatNumber(bar.count)} ({formatNumber(share * 100, 0)} %)
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * Bales per quality grade: legume (alfalfa) and grass tables apart, since "Good" means other
 * values in each; the tables without a bale are left out.
 */
export function GradeBars({ grades, total }: { grades: GradeDistribution; total: number }) {
  const legume = alfalfaGrades.map((g) => ({ label: g, count: grades.legume[g] }));
  const grass = grassGrades.map((g) => ({ label: g, count: grades.grass[g] }));
  const has = (bars: Bar[]) => bars.some((b) => b.count > 0);
  return (
    <Stack gap="sm" aria-label="Quality grades">
      {has(legume) && <Bars title="Legume hay (USDA, by RFV)" bars={legume} total={total} />}
      {has(grass) && <Bars title="Grass hay (by crude protein)" bars={grass} total={total} />}
      {grades.ungraded > 0 && (
        <Text size="xs" c="dimmed">
          {formatNumber(grades.ungraded)} not graded: in no cutting with a crop, or without the
          values their grade needs.
        </Text>
      )}
    </Stack>
  );
}
