import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { may } from '@baletrack/contracts/identity/roles';
import { isAdmin } from '@baletrack/contracts/identity/user';
import { Anchor, Box, Button, Group, getDefaultZIndex, Menu, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useMatch, useSearchParams } from 'react-router';
import { ActiveFilterChip } from '@/features/filters/components/active-filter-chip';
import { FiltersPanel } from '@/features/filters/components/filters-panel';
import { HeatmapMenuItem } from '@/features/heatmaps/components/heatmap-menu-item';
import { useSignOut } from '@/features/identity/hooks/use-sign-out';
import { useAvailableYears } from '@/features/map/api/get-available-years';
import { TimeRangePicker } from '@/features/map/components/time-range-picker';
import { selectionSearch } from '@/features/reports/utils/report-link';
import { ChangePasswordDialog } from '@/features/settings/components/change-password-dialog';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';
import { SummaryPanel } from '@/features/summaries/components/summary-panel';
import { useCurrentUser } from '@/features/users/api/get-current-user';
import { useOrganization } from '@/features/users/api/get-organization';
import { YieldMapMenuItem } from '@/features/yield';
import { routePaths } from '@/lib/route-names';

function OrganizationName() {
  const organization = useOrganization();
  if (organization.isPending) {
    return <Skeleton height={16} width={140} aria-label="Loading organization" />;
  }
  return (
    <Text fw={500} c="dimmed" truncate visibleFrom="xs">
      {organization.data?.name}
    </Text>
  );
}

/** The menu's "Yield map", opening on the newest crop year with bales unless the top bar names one. */
function YieldMapEntry() {
  const years = useAvailableYears();
  return <YieldMapMenuItem yearsWithBales={years.data?.years} />;
}

/**
 * The app shell's header on every signed-in screen (docs/product.md#the-app-shell): the product
 * (a link to the map), the organization and the menu. The map's own controls — the applied
 * filter, the dates, Heatmap, Yield map, Filters and Summary — show on the map only.
 */
export function AppHeader() {
  const [changingPassword, passwordDialog] = useDisclosure(false);
  const [filtersOpened, filtersPanel] = useDisclosure(false);
  const [settingsOpened, settingsDialog] = useDisclosure(false);
  const [summaryOpened, summaryPanel] = useDisclosure(false);
  const currentUser = useCurrentUser();
  const signOut = useSignOut();
  const [params] = useSearchParams();
  const onMap = useMatch(routePaths.home) !== null;
  // The way back keeps the map's filter and dates.
  const mapLink = { pathname: routePaths.home, search: onMap ? '' : selectionSearch(params) };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap" miw={0}>
        <Anchor component={Link} to={mapLink} underline="never" c="green.9">
          <Text component="span" fw={700} fz="h3">
            {PRODUCT_NAME}
          </Text>
        </Anchor>
        <OrganizationName />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {onMap && <ActiveFilterChip onOpen={filtersPanel.open} />}
        {onMap && <TimeRangePicker />}
        <Box component="nav" aria-label="Main">
          {/* Above the notifications (Mantine's overlay level): a toast in the bottom right
              corner sat over Sign Out on a short window and took its click. */}
          {/* As tall as the window allows, scrolling inside: on a 720-px laptop the last items
              ran off the bottom edge, and Sign Out could not be clicked. */}
          <Menu
            position="bottom-end"
            width={240}
            zIndex={getDefaultZIndex('overlay') + 1}
            middlewares={{ flip: false, shift: true, size: { padding: 8 } }}
            styles={{ dropdown: { display: 'flex', flexDirection: 'column' } }}
          >
            <Menu.Target>
              <Button variant="default">Menu</Button>
            </Menu.Target>
            <Menu.Dropdown>
              {/* The part that scrolls takes keyboard focus, so a keyboard can scroll it too
                  (Mantine keeps the dropdown itself out of the tab order). */}
              <Box role="group" tabIndex={0} style={{ overflowY: 'auto', minHeight: 0 }}>
                {/* Grouped as a grower thinks of them: this map, the farm's records, the team and
                  balers, their own account, help. */}
                {onMap ? (
                  <>
                    <Menu.Label>This map</Menu.Label>
                    <HeatmapMenuItem />
                    <YieldMapEntry />
                    <Menu.Item onClick={filtersPanel.open}>Filters</Menu.Item>
                    <Menu.Item onClick={summaryPanel.open}>Summary</Menu.Item>
                  </>
                ) : (
                  <Menu.Item component={Link} to={mapLink}>
                    Map
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Label>Farm records</Menu.Label>
                <Menu.Item component={Link} to={routePaths.fields}>
                  Fields
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.cuttings}>
                  Cuttings and Crops
                </Menu.Item>
                {/* The report opens on the map's filter and dates. */}
                <Menu.Item
                  component={Link}
                  to={{ pathname: routePaths.reports, search: selectionSearch(params) }}
                >
                  Bale Reporting
                </Menu.Item>
                {may(currentUser.data?.groups, 'automatedReports') && (
                  <Menu.Item component={Link} to={routePaths.automatedReports}>
                    Automated Reports
                  </Menu.Item>
                )}
                <Menu.Item component={Link} to={routePaths.heatRisk}>
                  Heat Risk
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.inventory}>
                  Inventory
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.loads}>
                  Loads
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.audit}>
                  Stack audit
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.yield}>
                  Yield per Field
                </Menu.Item>
                <Menu.Item onClick={settingsDialog.open}>Farm settings</Menu.Item>
                <Menu.Divider />
                <Menu.Label>Team and balers</Menu.Label>
                {may(currentUser.data?.groups, 'people') && (
                  // Only the owner manages people; the page would only refuse anyone else.
                  <Menu.Item component={Link} to={routePaths.users}>
                    Sub-Accounts and Balers
                  </Menu.Item>
                )}
                {/* Everyone: sub-users see the balers there, the controls disabled. */}
                <Menu.Item component={Link} to={routePaths.balers}>
                  Baler Settings
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.subscription}>
                  Subscription plans and pricing
                </Menu.Item>
                <Menu.Divider />
                <Menu.Label>{currentUser.data?.email ?? 'My account'}</Menu.Label>
                <Menu.Item onClick={passwordDialog.open}>User Settings</Menu.Item>
                {may(currentUser.data?.groups, 'accountData') && (
                  // The owner's: the organization's data, its download, closing the account.
                  <Menu.Item component={Link} to={routePaths.account}>
                    Account management
                  </Menu.Item>
                )}
                {isAdmin(currentUser.data?.groups) && (
                  // SuperAdmins only: organizations to act for, the baler registry.
                  <Menu.Item component={Link} to={routePaths.admin}>
                    Admin
                  </Menu.Item>
                )}
                <Menu.Item onClick={() => void signOut()}>Sign Out</Menu.Item>
                <Menu.Divider />
                <Menu.Label>Help</Menu.Label>
                <Menu.Item component={Link} to={routePaths.help}>
                  Helpful Information
                </Menu.Item>
                <Menu.Item component={Link} to={routePaths.feedback}>
                  Feedback
                </Menu.Item>
              </Box>
            </Menu.Dropdown>
          </Menu>
        </Box>
      </Group>
      <ChangePasswordDialog opened={changingPassword} onClose={passwordDialog.close} />
      {onMap && <FiltersPanel opened={filtersOpened} onClose={filtersPanel.close} />}
      <SettingsDialog opened={settingsOpened} onClose={settingsDialog.close} />
      {onMap && <SummaryPanel opened={summaryOpened} onClose={summaryPanel.close} />}
    </Group>
  );
}
