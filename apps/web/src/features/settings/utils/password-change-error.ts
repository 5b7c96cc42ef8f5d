import { messages } from '@baletrack/contracts/errors/messages';

export interface PasswordChangeError {
  /** The field the problem belongs to, shown under it; absent for the form as a whole. */
  field?: 'oldPassword' | 'newPassword';
  message: string;
}

/**
 * What went wrong with a password change, in the grower's words and at the field it concerns:
 * a wrong current password, a new one the pool refuses, too many tries; anything else (no
 * connection, a lapsed session) gets the spec's message.
 * @example passwordChangeError(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }))
 * // { field: 'oldPassword', message: 'This is not your current password.' }
 */
export function passwordChangeError(error: unknown): PasswordChangeError {
  const name = error instanceof Error ? error.name : undefined;
  const own = error instanceof Error && error.message !== '' ? error.message : undefined;
  switch (name) {
    case 'NotAuthorizedException':
      return { field: 'oldPassword', message: 'This is not your current password.' };
    case 'InvalidPasswordException':
      return { field: 'newPassword', message: own ?? messages.passwordChange.failed };
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return { message: own ?? messages.passwordChange.failed };
    default:
      return { message: messages.passwordChange.failed };
  }
}
