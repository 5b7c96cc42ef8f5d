import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { reportError } from '@/lib/error-reporting';

interface PanelBoundaryProps {
  /** What the panel shows, for the grower: "The summary", "This bale". */
  what: string;
  children: ReactNode;
}

/**
 * Keeps a panel's failure inside the panel: the map, the menu and every other panel go on
 * working, and the panel offers to try again.
 */
export function PanelBoundary({ what, children }: PanelBoundaryProps) {
  return (
    <ErrorBoundary
      onError={(error) => {
        console.error(error);
        reportError(error);
      }}
      fallbackRender={({ resetErrorBoundary }) => (
        <Alert color="red" variant="light" role="alert" title={`${what} could not be shown`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messages.generic}</Text>
            <Button size="xs" variant="default" onClick={resetErrorBoundary}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
