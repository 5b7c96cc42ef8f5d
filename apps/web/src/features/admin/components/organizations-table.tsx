import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ORGANIZATIONS_PAGE_SIZE,
  useAdminOrganizations,
} from '@/features/admin/api/get-admin-organizations';
import { useActFor, useActingOrganizationId } from '@/features/admin/hooks/use-acting-organization';
import { adminErrorMessage } from '@/features/admin/utils/admin-error-message';
import { formatNumber, formatShortDay } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

/** Every organization, searchable by name or email; a SuperAdmin picks one to act for. */
export function OrganizationsTable() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const offset = (page - 1) * ORGANIZATIONS_PAGE_SIZE;
  const organizations = useAdminOrganizations({ search: debounced, offset });
  const actingFor = useActingOrganizationId();
  const actFor = useActFor();
  const navigate = useNavigate();

  const act = async (id: string, to: string = routePaths.home) => {
    if (actingFor !== id) await actFor(id);
    await navigate(to);
  };
  const pages = Math.ceil((organizations.data?.total ?? 0) / ORGANIZATIONS_PAGE_SIZE);

  return (
    <Stack gap="md">
      <TextInput
        label="Search organizations"
        description="By name, or by the email of one of its people"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {organizations.isPending ? (
        <Loader aria-label="Loading organizations" />
      ) : organizations.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(organizations.error)}
        </Alert>
      ) : organizations.data.organizations.length === 0 ? (
        <Text c="dimmed">No organization matches.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" aria-label="Organizations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th ta="right">Users</Table.Th>
                  <Table.Th ta="right">Balers</Table.Th>
                  <Table.Th ta="right">Bales</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {organizations.data.organizations.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{o.name}</Text>
                        {o.isDemo && (
                          <Badge size="xs" variant="light">
                            Demo
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{o.ownerEmail ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatNumber(o.userCount)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(o.balerCount)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(o.baleCount)}</Table.Td>
                    <Table.Td>{formatShortDay(o.createdAt.slice(0, 10))}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {actingFor === o.id ? (
                          <Badge color="orange" variant="light">
                            Acting
                          </Badge>
                        ) : (
                          <Button size="xs" variant="default" onClick={() => void act(o.id)}>
                            Act for this organization
                          </Button>
                        )}
                        {/* Credits are granted on its pricing page, acting for it. */}
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Grant credits to ${o.name}`}
                          onClick={() => void act(o.id, routePaths.subscription)}
                        >
                          Grant credits
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {formatNumber(organizations.data.total)} organization
              {organizations.data.total === 1 ? '' : 's'}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
          </Group>
        </>
      )}
    </Stack>
  );
}
