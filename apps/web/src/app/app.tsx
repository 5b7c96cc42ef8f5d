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
