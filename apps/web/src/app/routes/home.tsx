import { AppShell, Center, Stack, Text, Title } from '@mantine/core';
import { HomeHeader } from '@/app/routes/home-header';

/** The map's place: empty until balers report bales (the map itself is not built yet). */
export function HomeRoute() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <HomeHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Center mih="calc(100dvh - 60px - 2 * var(--mantine-spacing-md))">
          <Stack align="center" gap="xs" maw={520}>
            <Title order={2}>Map</Title>
            <Text ta="center">Your bales will appear here on the map.</Text>
            <Text ta="center" c="dimmed" size="sm">
              Bales arrive when your balers report them.
            </Text>
          </Stack>
        </Center>
      </AppShell.Main>
    </AppShell>
  );
}
