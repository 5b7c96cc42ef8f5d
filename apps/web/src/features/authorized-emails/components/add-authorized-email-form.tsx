import { emailSchema } from '@baletrack/contracts/identity/register';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAddAuthorizedEmail } from '@/features/authorized-emails/api/add-authorized-email';
import { authorizedEmailErrorMessage } from '@/features/authorized-emails/utils/authorized-email-error-message';

const formSchema = z.object({ email: emailSchema });
type FormValues = z.infer<typeof formSchema>;

/** The owner adds an email; its holder is mailed a link and a code to confirm it. */
export function AddAuthorizedEmailForm({ disabled }: { disabled: boolean }) {
  const add = useAddAuthorizedEmail();
  const form = useForm<z.input<typeof formSchema>, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await add.mutateAsync(email);
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({
      color: 'green',
      message: `A confirmation email was sent to ${email}. It stays Pending until confirmed.`,
    });
    form.reset({ email: '' });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add an authorized email">
      {add.isError && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {authorizedEmailErrorMessage(add.error)}
        </Alert>
      )}
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Email holding ACM subscriptions"
          type="email"
          autoComplete="off"
          disabled={disabled}
          error={errors.email?.message}
          style={{ flex: 1, minWidth: 240 }}
          {...form.register('email')}
        />
        <Button type="submit" loading={isSubmitting} disabled={disabled} mt={25}>
          Add email
        </Button>
      </Group>
    </form>
  );
}
