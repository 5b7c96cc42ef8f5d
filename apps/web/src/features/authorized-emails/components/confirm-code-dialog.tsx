import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useChangeAuthorizedEmail } from '@/features/authorized-emails/api/change-authorized-email';
import { authorizedEmailErrorMessage } from '@/features/authorized-emails/utils/authorized-email-error-message';

interface ConfirmCodeDialogProps {
  /** The Pending email to confirm; the dialog is open while set. */
  email: string | null;
  onClose: () => void;
}

/** The owner types the code the email's holder passed on (the holder may use the link instead). */
export function ConfirmCodeDialog({ email, onClose }: ConfirmCodeDialogProps) {
  const change = useChangeAuthorizedEmail();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const close = () => {
    change.reset();
    setCode('');
    setInvalid(false);
    onClose();
  };
  const confirm = async () => {
    if (!email) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setInvalid(true);
      return;
    }
    try {
      await change.mutateAsync({ email, code: code.trim() });
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: `${email} is now an authorized email.` });
    close();
  };

  return (
    <Modal
      opened={email !== null}
      onClose={close}
      title="Confirm authorized email"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          {change.isError && (
            <Alert color="red" variant="light" role="alert">
              {authorizedEmailErrorMessage(change.error)}
            </Alert>
          )}
          <Text>Enter the 6-digit code from the email sent to {email}.</Text>
          <TextInput
            label="Confirmation code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={invalid ? messages.validation.confirmationCodeInvalid : undefined}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setInvalid(false);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
