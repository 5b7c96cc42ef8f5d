import {
  type SignInRequest,
  type SignInRequestInput,
  signInRequestSchema,
} from '@baletrack/contracts/identity/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { type SignInOutcome, signInWithPassword } from '@/features/identity/api/sign-in';
import { FormAlert } from '@/features/identity/components/form-alert';
import { signInErrorMessage } from '@/features/identity/utils/auth-error-message';

interface SignInFormProps {
  defaultEmail: string;
  onOutcome: (outcome: SignInOutcome, email: string) => void | Promise<void>;
  onForgotPassword: (email: string) => void;
  onCreateAccount: () => void;
}

export function SignInForm({
  defaultEmail,
  onOutcome,
  onForgotPassword,
  onCreateAccount,
}: SignInFormProps) {
  const form = useForm<SignInRequestInput, unknown, SignInRequest>({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { username: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ username, password = '' }) => {
    try {
      await onOutcome(await signInWithPassword(username, password), username);
    } catch (error) {
      form.setError('root', { message: signInErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={errors.root?.message} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(form.getValues('username').trim())}
          >
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} fullWidth>
          Sign in
        </Button>
        <Text size="sm" ta="center">
          No account yet?{' '}
          <Anchor component="button" type="button" size="sm" onClick={onCreateAccount}>
            Create account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
