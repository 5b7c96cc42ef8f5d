import { messages } from '@baletrack/contracts/errors/messages';

export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

// User-pool exceptions whose own message tells the user what to do (wrong code, expired code,
// too many attempts, weak password). Anything else gets the spec's login message.
const selfExplanatory = new Set([
  'NotAuthorizedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'TooManyFailedAttemptsException',
  'TooManyRequestsException',
  'InvalidPasswordException',
  'CodeDeliveryFailureException',
]);

function ownMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message !== '' ? error.message : undefined;
}

/** Sign-in: a refused password shows the pool's message; anything else the login message. */
export function signInErrorMessage(error: unknown): string {
  return errorName(error) === 'NotAuthorizedException'
    ? (ownMessage(error) ?? messages.login)
    : messages.login;
}

/** Confirmation, resend and reset steps. */
export function authErrorMessage(error: unknown): string {
  const name = errorName(error);
  return name !== undefined && selfExplanatory.has(name)
    ? (ownMessage(error) ?? messages.login)
    : messages.login;
}
