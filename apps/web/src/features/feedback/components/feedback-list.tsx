import { messages } from '@baletrack/contracts/errors/messages';
import type { Feedback } from '@baletrack/contracts/feedback/feedback';
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useFeedback } from '@/features/feedback/api/get-feedback';
import { formatLongDate } from '@/lib/format';

export function FeedbackEntry({ entry, from }: { entry: Feedback; from?: string }) {
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="xs" mb={4}>
        <Badge color={entry.type === 'bug' ? 'red' : 'blue'} variant="light">
          {entry.type === 'bug' ? 'Bug' : 'Feature'}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatLongDate(entry.createdAt)} · {entry.name} &lt;{entry.email}&gt;
          {from ? ` · ${from}` : ''}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.details}
      </Text>
    </Paper>
  );
}

/** What the organization has sent, newest first. */
export function FeedbackList() {
  const feedback = useFeedback();
  if (feedback.isPending) return <Skeleton height={80} aria-label="Loading feedback" />;
  if (feedback.isError) {
    return (
      <Alert color="red" variant="light">
        {messages.generic}
      </Alert>
    );
  }
  if (feedback.data.feedback.length === 0) {
    return <Text c="dimmed">Your organization has not sent feedback yet.</Text>;
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Sent feedback">
      {feedback.data.feedback.map((entry) => (
        <FeedbackEntry key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
