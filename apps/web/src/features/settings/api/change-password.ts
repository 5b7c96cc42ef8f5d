import { useMutation } from '@tanstack/react-query';
import { updatePassword } from 'aws-amplify/auth';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/** Changes the signed-in user's password at the user pool. */
export function changePassword({ oldPassword, newPassword }: PasswordChange): Promise<void> {
  return updatePassword({ oldPassword, newPassword });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
