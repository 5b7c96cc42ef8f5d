import { Anchor, Text } from '@mantine/core';

/** Shown while the server keeps mail in its local outbox, so codes can still be read. */
export function MailboxNote({ url }: { url: string | undefined }) {
  if (!url) {
    return null;
  }
  return (
    <Text size="sm" c="dimmed">
      No mail server is configured:{' '}
      <Anchor href={url} target="_blank" rel="noopener">
        open the local mailbox
      </Anchor>
    </Text>
  );
}
