import type { CloseAccountResponse } from '@baletrack/contracts/account/account';
import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { formatLongDate } from '@/lib/format';

/** The last step: the account is gone, the export's link is in the mail. */
export function AccountClosed({
  result,
  onFinish,
}: {
  result: CloseAccountResponse;
  onFinish: () => void | Promise<void>;
}) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md" role="status">
          <Title order={1} size="h2">
            Your account is closed
          </Title>
          <Text>
            Your organization and everything in it, its users included, was deleted from{' '}
            {PRODUCT_NAME}.
          </Text>
          <Text>
            Your data export was mailed to <b>{result.email}</b>. Its link works until{' '}
            {formatLongDate(result.expiresAt)}.
          </Text>
          <Text c="dimmed">You have been signed out.</Text>
          <Button onClick={() => void onFinish()} w="fit-content">
            Finish
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
