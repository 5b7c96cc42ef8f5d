import {
  type HeatRiskBale,
  type HeatRiskEntry,
  heatRiskBaleTitle,
} from '@baletrack/contracts/heat-risk/heat-risk';
import { heatRiskReasons } from '@baletrack/domain/heat-risk/heat-risk-reasons';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useHeatRisk } from '@/features/heat-risk/api/get-heat-risk';
import { routePaths } from '@/lib/route-names';

const levelLabel = { high: 'High risk', elevated: 'Elevated risk' } as const;
const levelColor = { high: 'red', elevated: 'orange' } as const;

/** A bale by its tag serial, as people read it off the bale; never by its uid. */
const tagOf = (bale: HeatRiskBale) => bale.tagSerialNumber ?? 'untagged';

function entryParts(entry: HeatRiskEntry): {
  title: string;
  level: HeatRiskBale['level'];
  worst: HeatRiskBale;
  others: HeatRiskBale[];
} {
  if (entry.kind === 'bale') {
    return {
      title: heatRiskBaleTitle(entry.bale),
      level: entry.bale.level,
      worst: entry.bale,
      others: [],
    };
  }
  const [worst, ...others] = entry.bales as [HeatRiskBale, ...HeatRiskBale[]];
  return {
    title: `Stack of ${entry.baleCount} bales, ${entry.bales.length} at risk`,
    level: entry.level,
    worst,
    others,
  };
}

function HeatRiskItem({ entry }: { entry: HeatRiskEntry }) {
  const { title, level, worst, others } = entryParts(entry);
  return (
    <Card withBorder component="li" aria-label={title} data-testid="heat-risk-entry">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            {title}
          </Title>
          <Badge color={levelColor[level]} variant="light">
            {levelLabel[level]}
          </Badge>
        </Group>
        {entry.kind === 'stack' && (
          <Text size="sm" c="dimmed">
            Worst bale {tagOf(worst)}
            {others.length > 0 && `; also ${others.map(tagOf).join(', ')}`}
          </Text>
        )}
        <List size="sm" spacing={2}>
          {heatRiskReasons(worst.why).map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
        <Anchor
          component={Link}
          to={`${routePaths.home}?${entry.kind === 'stack' ? `stack=${encodeURIComponent(entry.id)}` : `bale=${encodeURIComponent(entry.bale.uid)}`}`}
          size="sm"
          aria-label={`Show on the map: ${title}`}
        >
          Show on the map
        </Anchor>
      </Stack>
    </Card>
  );
}

/** The watch list: each bale or stack at risk with why, most urgent first. */
export function HeatRiskList() {
  const heatRisk = useHeatRisk();
  if (heatRisk.isPending) return <Skeleton height={120} />;
  if (heatRisk.isError) {
    return (
      <Alert color="red" title="The watch list could not be loaded">
        {heatRisk.error.message}
      </Alert>
    );
  }
  return <HeatRiskEntries entries={heatRisk.data.entries} />;
}

/** The entries, most urgent first as the server sorted them, or why there are none. */
export function HeatRiskEntries({ entries }: { entries: HeatRiskEntry[] }) {
  if (entries.length === 0) {
    return (
      <Text>
        No bale or stack is at risk of heating: none was baled wetter than is safe in the last six
        weeks.
      </Text>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Bales and stacks at risk"
    >
      {entries.map((entry) => (
        <HeatRiskItem key={`${entry.kind}:${entry.id}`} entry={entry} />
      ))}
    </Stack>
  );
}
