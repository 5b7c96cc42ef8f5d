import { PRODUCT_NAME, VERSION } from '@baletrack/contracts/constants';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card every login step is shown in, with the product name and version. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={440} gap="lg">
        <Title order={1} ta="center" c="green.8">
          {PRODUCT_NAME}
        </Title>
        <Paper component="main" withBorder shadow="sm" radius="md" p="xl">
          <Stack gap="md">
            <Box>
              <Title order={2} size="h3">
                {title}
              </Title>
              {description && (
                <Text size="sm" c="dimmed" mt={4}>
                  {description}
                </Text>
              )}
            </Box>
            {children}
          </Stack>
        </Paper>
        <Text component="footer" size="xs" c="dimmed" ta="center">
          {PRODUCT_NAME} {VERSION}
        </Text>
      </Stack>
    </Center>
  );
}
