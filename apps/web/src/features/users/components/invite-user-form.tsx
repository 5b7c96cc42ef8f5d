import {
  type InviteUserRequest,
  inviteUserRequestSchema,
} from '@baletrack/contracts/users/sub-account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useInviteUser } from '@/features/users/api/invite-user';
import { roleChoices, roleScopes } from '@/features/users/utils/role-labels';
import { userErrorMessage } from '@/features/users/utils/user-error-message';

const emptyForm = { name: '', email: '', role: 'viewer' } as const;

/**
 * The owner invites someone by name and email as a viewer or a manager (docs/product.md#roles);
 * the invite mail carries a temporary password.
 */
const INVITE_SENT = 'invite-sent';

export function InviteUserForm() {
  const invite = useInviteUser();
  const form = useForm<z.input<typeof inviteUserRequestSchema>, unknown, InviteUserRequest>({
    resolver: zodResolver(inviteUserRequestSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    // The last invite's confirmation speaks of that one: gone before this one answers, so it never
    // stands beside this one's refusal.
    notifications.hide(INVITE_SENT);
    try {
      await invite.mutateAsync(input);
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({
      id: INVITE_SENT,
      color: 'green',
      message: `An invite was sent to ${input.email}.`,
    });
    form.reset(emptyForm);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a user">
      {invite.isError && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {userErrorMessage(invite.error)}
        </Alert>
      )}
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          style={{ flex: 1, minWidth: 160 }}
          {...form.register('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          style={{ flex: 2, minWidth: 200 }}
          {...form.register('email')}
        />
        <NativeSelect
          label="Role"
          data={roleChoices}
          description={roleScopes[form.watch('role') ?? 'viewer']}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          style={{ flex: 2, minWidth: 220 }}
          {...form.register('role')}
        />
        <Button type="submit" loading={isSubmitting} mt={25}>
          Invite
        </Button>
      </Group>
    </form>
  );
}
