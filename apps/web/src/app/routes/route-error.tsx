import { messages } from '@baletrack/contracts/errors/messages';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportError } from '@/lib/error-reporting';
import { routePaths } from '@/lib/route-names';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Title order={1} size="h2">
          {notFound ? 'Page not found' : 'Something went wrong'}
        </Title>
        <Text ta="center">{notFound ? 'There is no page at this address.' : messages.generic}</Text>
        {notFound ? (
          <Button component={Link} to={routePaths.home}>
            Go to the map
          </Button>
        ) : (
          <Button onClick={() => window.location.reload()}>Reload</Button>
        )}
      </Stack>
    </Center>
  );
}
