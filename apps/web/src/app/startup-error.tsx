import { messages } from '@baletrack/contracts/errors/messages';
import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { theme } from '@/app/theme';

/** Without /config.json the app cannot reach its APIs or the user pool. */
export function StartupError() {
  return (
    <MantineProvider theme={theme}>
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="md" maw={480}>
          <Title order={1} size="h2">
            Baletrack could not start
          </Title>
          <Text ta="center">{messages.generic}</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
