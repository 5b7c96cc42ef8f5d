import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { type Role, roleGroups } from '@baletrack/contracts/identity/roles';
import type { CurrentUser } from '@baletrack/contracts/identity/user';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import type { SubAccount } from '@baletrack/contracts/users/sub-account';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '@/app/theme';
import { settingsKeys } from '@/features/settings/api/settings-keys';
import { usersKeys } from '@/features/users/api/users-keys';

interface RenderOptions {
  /** The signed-in user's role, for screens that hide what a role cannot do. */
  signedInAs?: Role;
  /** Answers already in the cache, as if the server had sent them (never fetched again). */
  queryData?: [QueryKey, unknown][];
  /** A router in memory at this address, for components with links or address state. */
  routerAt?: string;
  /** The organization's people, as the owner's GET /users answers them. */
  people?: SubAccount[];
  /** The organization's measurement system (its other settings the defaults). */
  measurementSystem?: MeasurementSystem;
}

/** A signed-in user of one organization with this role's group. */
export function currentUserWithRole(role: Role): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: `${role}@farm.example`,
    name: null,
    organizationId: '00000000-0000-4000-8000-0000000000aa',
    groups: [role === 'owner' ? 'AccountsOwner' : roleGroups[role]],
    status: 'confirmed',
    enabled: true,
  };
}

/**
 * Renders a component as the app does (the app's Mantine theme, a query client of its own, a
 * router in memory when asked) for
 * the component tier; Mantine's test mode drops transitions and portals so dialogs show at once.
 * @example const { user } = renderWithProviders(<ConfirmDialog … />); await user.click(…)
 * @example renderWithProviders(<CropsPanel />, { signedInAs: 'viewer', queryData: [[cropsKeys.list(), crops]] })
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (options.signedInAs) {
    queryClient.setQueryData(usersKeys.currentUser(), currentUserWithRole(options.signedInAs));
  }
  if (options.people) queryClient.setQueryData(usersKeys.subAccounts(), { users: options.people });
  if (options.measurementSystem) {
    const { measurementSystem } = options;
    queryClient.setQueryData(settingsKeys.organization(), {
      ...defaultSettings,
      measurementSystem,
    });
  }
  for (const [key, data] of options.queryData ?? []) queryClient.setQueryData(key, data);
  const user = userEvent.setup();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        {options.routerAt === undefined ? (
          ui
        ) : (
          <MemoryRouter initialEntries={[options.routerAt]}>{ui}</MemoryRouter>
        )}
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient };
}
