import type { SignInFlow } from '@baletrack/contracts/identity/sign-in';
import { confirmSignIn, type SignInOutput, signIn, signOut } from 'aws-amplify/auth';
import { errorName } from '@/features/identity/utils/auth-error-message';

/**
 * Where a sign-in attempt leaves the user (docs/product.md#sign-in-flows: signed in, or a next
 * step).
 */
export type SignInOutcome =
  | 'signedIn'
  | 'confirmSignUp'
  | 'newPasswordRequired'
  | 'resetPassword'
  | 'signInCode';

/** A next step the product does not offer (MFA). */
export class UnsupportedSignInStepError extends Error {
  override readonly name = 'UnsupportedSignInStepError';
}

function outcomeOf(output: SignInOutput): SignInOutcome {
  if (output.isSignedIn) {
    return 'signedIn';
  }
  const step = output.nextStep.signInStep;
  switch (step) {
    case 'DONE':
      return 'signedIn';
    case 'CONFIRM_SIGN_UP':
      return 'confirmSignUp';
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return 'newPasswordRequired';
    case 'RESET_PASSWORD':
      return 'resetPassword';
    // The pool's custom challenge: the code it mailed.
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return 'signInCode';
    default:
      throw new UnsupportedSignInStepError(`Unsupported sign-in step: ${step}`);
  }
}

/**
 * The contract's DEFAULT_SIGN_IN_FLOW, written out: importing it would bring the contract's zod
 * schemas into the sign-in page's first load (docs/adr/0016-code-splitting-and-compression.md).
 */
const SIGN_IN_FLOW: SignInFlow = 'USER_SRP_AUTH';

/** One sign-in; if someone is still signed in in this browser, the typed account wins. */
async function signInAs(start: () => Promise<SignInOutput>): Promise<SignInOutcome> {
  try {
    return outcomeOf(await start());
  } catch (error) {
    switch (errorName(error)) {
      case 'UserNotConfirmedException':
        return 'confirmSignUp';
      case 'UserAlreadyAuthenticatedException':
        await signOut();
        return outcomeOf(await start());
      default:
        throw error;
    }
  }
}

/** Signs in with SRP (the default flow of docs/product.md#sign-in-flows). */
export function signInWithPassword(username: string, password: string): Promise<SignInOutcome> {
  return signInAs(() => signIn({ username, password, options: { authFlowType: SIGN_IN_FLOW } }));
}

/**
 * Asks the pool to mail a sign-in code (custom auth without SRP): 'signInCode' for any email,
 * whether or not it has an account, as the pool answers all alike.
 */
export function requestSignInCode(username: string): Promise<SignInOutcome> {
  return signInAs(() => signIn({ username, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }));
}

/** Answers the mailed code: signed in, or 'signInCode' again when the code was not right. */
export async function answerSignInCode(code: string): Promise<SignInOutcome> {
  return outcomeOf(await confirmSignIn({ challengeResponse: code }));
}

/** Answers NEW_PASSWORD_REQUIRED (an invited user's first sign-in). */
export async function completeNewPassword(newPassword: string): Promise<SignInOutcome> {
  return outcomeOf(await confirmSignIn({ challengeResponse: newPassword }));
}
