import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';

/**
 * 'Resend code' for a form with an `email` field (confirming a sign-up, resetting a password):
 * checks the address, asks the user pool for a new code with `send`, and reports the outcome in
 * a notification or the form's alert.
 */
export function useResendCode<T extends FieldValues & { email: string }>(
  form: UseFormReturn<T>,
  send: (email: string) => Promise<unknown>,
): { resendCode: () => Promise<void>; isPending: boolean } {
  const resend = useMutation({
    mutationFn: send,
    onSuccess: (_, email) => {
      notifications.show({ color: 'green', message: `A new code was sent to ${email}.` });
    },
    onError: (error) => form.setError('root', { message: authErrorMessage(error) }),
  });
  const email = 'email' as Path<T>;
  const resendCode = async () => {
    form.clearErrors('root');
    if (await form.trigger(email)) {
      resend.mutate(String(form.getValues(email)).trim().toLowerCase());
    }
  };
  return { resendCode, isPending: resend.isPending };
}
