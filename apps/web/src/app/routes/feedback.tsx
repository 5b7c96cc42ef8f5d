import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FeedbackForm } from '@/features/feedback/components/feedback-form';
import { FeedbackList } from '@/features/feedback/components/feedback-list';
import { HelpLink } from '@/features/help';
import { routePaths } from '@/lib/route-names';

/** Feedback (menu "Feedback"): send a bug report or feature request; what was sent before. */
export function FeedbackRoute() {
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Feedback
          </Title>
          <Group gap="md" wrap="nowrap">
            <HelpLink slug="feedback-and-support" />
            <Button component={Link} to={routePaths.home} variant="default">
              Back to the map
            </Button>
          </Group>
        </Group>
        <Text c="dimmed">
          Found a bug or missing something? It goes to the support team, who answer by email.
        </Text>
        <FeedbackForm />
        <Title order={2} size="h4">
          Sent by your organization
        </Title>
        <FeedbackList />
      </Stack>
    </Container>
  );
}
