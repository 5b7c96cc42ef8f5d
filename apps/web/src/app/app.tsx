// The component library's styles come with the app, never with the sign-in screen
// (docs/adr/0016-code-splitting-and-compression.md).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { RouterProvider } from 'react-router';
import { handleAuthFailures } from '@/app/auth-failure-handler';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createRouter } from '@/app/router';

// Created once: the router and the query cache live as long as the page.
const queryClient = createQueryClient();
const router = createRouter();
handleAuthFailures(router, queryClient);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
