import { messages } from '@baletrack/contracts/errors/messages';
import { GRANT_MAX_CREDITS } from '@baletrack/contracts/subscriptions/wallet';
import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useGrantCredits } from '@/features/subscriptions/api/grant-credits';
import { changeErrorMessage } from '@/lib/change-error-message';
import { formatCount } from '@/lib/format';

/** A SuperAdmin acting for the organization grants credits; the ledger names them. */
export function GrantCreditsForm() {
  const [credits, setCredits] = useState<number>(12);
  const [note, setNote] = useState('');
  const grant = useGrantCredits();
  const valid = Number.isInteger(credits) && credits >= 1 && credits <= GRANT_MAX_CREDITS;
  return (
    <Group align="flex-end">
      <NumberInput
        label="Credits to grant"
        min={1}
        max={GRANT_MAX_CREDITS}
        allowDecimal={false}
        value={credits}
        onChange={(value) => setCredits(typeof value === 'number' ? value : Number.NaN)}
        error={valid ? undefined : messages.subscriptions.grantCreditsInvalid}
        w={160}
      />
      <TextInput
        label="Note"
        placeholder="Why, for the ledger"
        maxLength={200}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        w={260}
      />
      <Button
        variant="light"
        disabled={!valid}
        loading={grant.isPending}
        onClick={() =>
          grant.mutate(
            { credits, note },
            {
              onSuccess: (wallet) =>
                notifications.show({
                  color: 'green',
                  message: `Granted ${formatCount(credits, 'credit', 'credits')}; the wallet holds ${wallet.balance}.`,
                }),
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  message: changeErrorMessage(error, messages.generic),
                }),
            },
          )
        }
      >
        Grant
      </Button>
    </Group>
  );
}
