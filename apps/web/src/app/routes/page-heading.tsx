import type { HelpArticleSlug } from '@baletrack/contracts/help/help-article';
import { Button, Group, type MantineSpacing, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HelpLink } from '@/features/help';
import { routePaths } from '@/lib/route-names';

interface PageHeadingProps {
  title: string;
  /** The screen's help article, linked beside the way back. */
  help?: HelpArticleSlug;
  mb?: MantineSpacing;
}

/** A screen's first line: its heading, its help article and the way back to the map. */
export function PageHeading({ title, help, mb }: PageHeadingProps) {
  return (
    <Group justify="space-between" mb={mb}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="md" wrap="nowrap">
        {help && <HelpLink slug={help} />}
        <Button component={Link} to={routePaths.home} variant="default">
          Back to the map
        </Button>
      </Group>
    </Group>
  );
}
