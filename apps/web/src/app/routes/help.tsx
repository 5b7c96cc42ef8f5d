import { Button, Container, Group, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { HelpPage } from '@/features/help/components/help-page';
import { routePaths } from '@/lib/route-names';

/** Helpful Information (menu "Helpful Information"): `/help` and `/help/<slug>`. */
export function HelpRoute() {
  const { slug } = useParams();
  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2">
          Helpful Information
        </Title>
        <Button component={Link} to={routePaths.home} variant="default">
          Back to the map
        </Button>
      </Group>
      <HelpPage slug={slug} />
    </Container>
  );
}
