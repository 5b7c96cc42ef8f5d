import { Accordion, Alert, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDataGovernance } from '@/features/account/api/get-data-governance';
import { formatNumber } from '@/lib/format';

/** "Your organization's data": what is stored and why, how much, how long, who sees it. */
export function DataGovernanceSection() {
  const governance = useDataGovernance();
  return (
    <Stack gap="sm" component="section" aria-labelledby="governance-title">
      <Title order={2} size="h3" id="governance-title">
        Your organization's data
      </Title>
      {governance.isPending && <Skeleton height={240} aria-label="Loading your data's summary" />}
      {governance.isError && <Alert color="red">{governance.error.message}</Alert>}
      {governance.data && (
        <>
          <Text c="dimmed">
            What {governance.data.organizationName} has stored here, all of it in{' '}
            {governance.data.database}.
          </Text>
          {/* Phones: one line per kind, opened for the details; wider screens: the table. */}
          <Accordion hiddenFrom="sm" variant="contained" aria-label="What is stored">
            {governance.data.kinds.map((kind) => (
              <Accordion.Item key={kind.kind} value={kind.kind}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="xs">
                    <Text size="sm" fw={500}>
                      {kind.label}
                    </Text>
                    <Text size="sm" fw={500}>
                      {formatNumber(kind.count)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={4}>
                    <Text size="sm">What is kept: {kind.whatIsKept}</Text>
                    <Text size="sm">For how long: {kind.retention}</Text>
                    <Text size="sm">Who can see it: {kind.visibleTo}</Text>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <Table.ScrollContainer minWidth={880} visibleFrom="sm">
            <Table verticalSpacing="xs" striped aria-label="What is stored">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>What</Table.Th>
                  <Table.Th ta="right">How many</Table.Th>
                  <Table.Th>What is kept</Table.Th>
                  <Table.Th>For how long</Table.Th>
                  <Table.Th>Who can see it</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {governance.data.kinds.map((kind) => (
                  <Table.Tr key={kind.kind}>
                    <Table.Td fw={500}>{kind.label}</Table.Td>
                    <Table.Td ta="right">{formatNumber(kind.count)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{kind.whatIsKept}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{kind.retention}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{kind.visibleTo}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <List size="sm" spacing={4}>
            {governance.data.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
