/** Cognito's exception names, spelled exactly: Amplify maps some of them to next steps. */
export type CognitoExceptionName =
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'NotAuthorizedException'
  | 'PasswordResetRequiredException'
  | 'ResourceNotFoundException'
  | 'SerializationException'
  | 'TooManyRequestsException'
  | 'UnknownOperationException'
  | 'UnsupportedOperationException'
  | 'UserNotConfirmedException'
  | 'UserNotFoundException'
  | 'UsernameExistsException';

/** An error the user pool answers Cognito-style: HTTP 400 with `x-amzn-errortype` and `__type`. */
export class CognitoError extends Error {
  constructor(
    readonly type: CognitoExceptionName,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

/** Thrown by `createPoolUser` when the email already belongs to a user. */
export class UserExistsError extends CognitoError {
  constructor() {
    super('UsernameExistsException', 'An account with the given email already exists.');
  }
}

// The texts Cognito itself sends, so messages read the same with a real pool.
export const cognitoErrors = {
  incorrectCredentials: () =>
    new CognitoError('NotAuthorizedException', 'Incorrect username or password.'),
  passwordAttemptsExceeded: () =>
    new CognitoError('NotAuthorizedException', 'Password attempts exceeded'),
  userDisabled: () => new CognitoError('NotAuthorizedException', 'User is disabled.'),
  userNotConfirmed: () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.'),
  passwordResetRequired: () =>
    new CognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
  sessionExpired: () =>
    new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
  tooManyRequests: () =>
    new CognitoError(
      'TooManyRequestsException',
      'Too many failed attempts from this address. Please try again later.',
    ),
  attemptLimitExceeded: () =>
    new CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    ),
  codeMismatch: () =>
    new CognitoError(
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    ),
  codeExpired: () =>
    new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  invalidRefreshToken: () => new CognitoError('NotAuthorizedException', 'Invalid Refresh Token'),
  refreshTokenRevoked: () =>
    new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked'),
  invalidAccessToken: () => new CognitoError('NotAuthorizedException', 'Invalid Access Token'),
  accessTokenRevoked: () =>
    new CognitoError('NotAuthorizedException', 'Access Token has been revoked'),
  invalidParameter: (message: string) => new CognitoError('InvalidParameterException', message),
  invalidPassword: (reason: string) =>
    new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${reason}`),
};
