import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import {
  useHeatRiskRecipients,
  useSaveHeatRiskRecipients,
} from '@/features/heat-risk/api/heat-risk-recipients';
import { useSubAccounts } from '@/features/users';
import { changeErrorMessage } from '@/lib/change-error-message';

/**
 * The owner's choice of who else gets the daily heat-risk mail: the organization's people, ticked
 * (docs/product.md#beyond-the-spec-heat-risk). A disabled person stays chosen but gets no mail.
 */
export function HeatRiskRecipientsForm() {
  const people = useSubAccounts();
  const recipients = useHeatRiskRecipients();
  const save = useSaveHeatRiskRecipients();
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (recipients.data) setChosen(recipients.data.userIds);
  }, [recipients.data]);

  const submit = async () => {
    try {
      await save.mutateAsync({ userIds: chosen });
      notifications.show({ color: 'green', message: 'Heat-risk mail recipients saved.' });
    } catch {
      // shown below
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Daily heat-risk mail">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Daily heat-risk mail
        </Title>
        <Text size="sm" c="dimmed">
          You get it each day while anything is at high risk. Choose who else should.
        </Text>
        {(people.isPending || recipients.isPending) && (
          <Skeleton height={60} aria-label="Loading people" />
        )}
        {(people.isError || recipients.isError) && (
          <Alert color="red" variant="light" role="alert">
            {messages.generic}
          </Alert>
        )}
        {people.data && recipients.data && (
          <>
            {people.data.users.length === 0 ? (
              <Text size="sm">
                No one else is in your organization yet; invite people under Sub-Accounts.
              </Text>
            ) : (
              <Checkbox.Group label="Also send it to" value={chosen} onChange={setChosen}>
                <Stack gap={6} mt={6}>
                  {people.data.users.map((person) => (
                    <Checkbox
                      key={person.id}
                      value={person.id}
                      label={`${person.name ? `${person.name}, ` : ''}${person.email}${
                        person.enabled ? '' : ' (disabled: gets no mail)'
                      }`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            {save.isError && (
              <Alert color="red" variant="light" role="alert">
                {changeErrorMessage(save.error, messages.generic)}
              </Alert>
            )}
            {people.data.users.length > 0 && (
              <Group>
                <Button onClick={() => void submit()} loading={save.isPending}>
                  Save recipients
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
