import { Container, Stack, Text, Title } from '@mantine/core';
import { PageHeading } from '@/app/routes/page-heading';
import { FeedbackForm } from '@/features/feedback/components/feedback-form';
import { FeedbackList } from '@/features/feedback/components/feedback-list';

/** Feedback (menu "Feedback"): send a bug report or feature request; what was sent before. */
export function FeedbackRoute() {
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <PageHeading title="Feedback" help="feedback-and-support" />
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
