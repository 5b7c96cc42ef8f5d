import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAdminFeedback } from '@/features/feedback/api/get-admin-feedback';
import { FeedbackEntry } from '@/features/feedback/components/feedback-list';

/** Everyone's feedback with its organization, for SuperAdmins. */
export function AdminFeedbackList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const feedback = useAdminFeedback(debounced);
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label="Search feedback"
        placeholder="Organization, sender or words in the details"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {feedback.isPending ? (
        <Skeleton height={80} aria-label="Loading feedback" />
      ) : feedback.isError ? (
        <Alert color="red" variant="light">
          {messages.generic}
        </Alert>
      ) : feedback.data.feedback.length === 0 ? (
        <Text c="dimmed">No feedback.</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label="Everyone's feedback">
          {feedback.data.feedback.map((entry) => (
            <FeedbackEntry key={entry.id} entry={entry} from={entry.organizationName} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
