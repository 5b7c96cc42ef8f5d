import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HelpLink } from '@/features/help';
import { formatNumber } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

/**
 * Bales made in months without an active subscription are kept but not shown
 * (docs/product.md#visibility-rule); the grower is told how many.
 */
export function LockedBalesNotice({ count }: { count: number }) {
  if (count === 0) return null;
  const text =
    count === 1
      ? '1 bale needs a subscription'
      : `${formatNumber(count)} bales need a subscription`;
  return (
    <Paper role="status" shadow="sm" px="md" py={6} radius="xl" bg="yellow.1" withBorder>
      <Group gap={8}>
        <Text size="sm" fw={600} c="yellow.9">
          {text}
        </Text>
        {/* The two links stay together (on a phone they wrap under the count as one). */}
        <Group gap={8} wrap="nowrap">
          <Anchor component={Link} to={`${routePaths.subscription}#balers`} size="sm" fw={600}>
            Apply months
          </Anchor>
          <HelpLink slug="troubleshooting" anchor="locked-bales">
            Why?
          </HelpLink>
        </Group>
      </Group>
    </Paper>
  );
}
