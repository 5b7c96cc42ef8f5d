import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { cssVariablesResolver, theme } from '@/app/theme';

/**
 * Renders a component as the app does (the app's Mantine theme, a query client of its own) for
 * the component tier; Mantine's test mode drops transitions and portals so dialogs show at once.
 * @example const { user } = renderWithProviders(<ConfirmDialog … />); await user.click(…)
 */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient };
}
