import type { AppContext } from '../../app-context.ts';
import {
  customChallengeResponsesSchema,
  initiateAuthSchema,
  newPasswordResponsesSchema,
  passwordVerifierResponsesSchema,
  respondToAuthChallengeSchema,
  selectChallengeResponsesSchema,
} from './cognito.schemas.ts';
import { CognitoError, cognitoErrors } from './cognito-error.ts';
import type { Operation } from './cognito-protocol.ts';
import { parseParams, requireClient } from './cognito-protocol.ts';
import {
  answerSignInCode,
  askForSignInCode,
  askForSignInCodeAfterPassword,
} from './custom-auth.service.ts';
import {
  answerNewPassword,
  answerPasswordVerifier,
  answerSelectChallenge,
  offerSignInChallenges,
  signInWithPassword,
  startSrpSignIn,
} from './sign-in.service.ts';
import { refreshSession } from './tokens.service.ts';

function required(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw cognitoErrors.invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/** InitiateAuth and RespondToAuthChallenge: every sign-in flow Amplify starts. */
export function signInOperations(ctx: AppContext): Record<string, Operation> {
  return {
    async InitiateAuth(body, request) {
      const { AuthFlow, ClientId, AuthParameters: p } = parseParams(initiateAuthSchema, body);
      requireClient(ctx, ClientId);
      switch (AuthFlow) {
        case 'USER_SRP_AUTH':
          return startSrpSignIn(ctx, required(p, 'USERNAME'), required(p, 'SRP_A'), request.ip);
        case 'USER_PASSWORD_AUTH':
          return signInWithPassword(
            ctx,
            required(p, 'USERNAME'),
            required(p, 'PASSWORD'),
            request.ip,
          );
        case 'USER_AUTH': {
          const username = required(p, 'USERNAME');
          if (p.PREFERRED_CHALLENGE === 'PASSWORD') {
            return signInWithPassword(ctx, username, required(p, 'PASSWORD'), request.ip);
          }
          if (p.PREFERRED_CHALLENGE === 'PASSWORD_SRP') {
            return startSrpSignIn(ctx, username, required(p, 'SRP_A'), request.ip);
          }
          // No preference, or one this pool does not offer (OTP, passkeys): let the user choose.
          return offerSignInChallenges(ctx, username, request.ip);
        }
        case 'REFRESH_TOKEN_AUTH':
        case 'REFRESH_TOKEN':
          return {
            AuthenticationResult: await refreshSession(ctx, required(p, 'REFRESH_TOKEN')),
            ChallengeParameters: {},
          };
        case 'CUSTOM_AUTH': {
          // With SRP (Amplify's CUSTOM_WITH_SRP) the password comes first, then the code.
          const username = required(p, 'USERNAME');
          if (p.CHALLENGE_NAME === 'SRP_A') {
            return startSrpSignIn(ctx, username, required(p, 'SRP_A'), request.ip, true);
          }
          return askForSignInCode(ctx, username, request.ip);
        }
        default:
          throw cognitoErrors.invalidParameter(`Initiate Auth method not supported: ${AuthFlow}`);
      }
    },

    async RespondToAuthChallenge(body, request) {
      const { ChallengeName, ClientId, Session, ChallengeResponses } = parseParams(
        respondToAuthChallengeSchema,
        body,
      );
      requireClient(ctx, ClientId);
      switch (ChallengeName) {
        case 'PASSWORD_VERIFIER':
          return answerPasswordVerifier(
            ctx,
            parseParams(passwordVerifierResponsesSchema, ChallengeResponses),
            request.ip,
            (user) => askForSignInCodeAfterPassword(ctx, user),
          );
        case 'SELECT_CHALLENGE':
          return answerSelectChallenge(
            ctx,
            Session,
            parseParams(selectChallengeResponsesSchema, ChallengeResponses),
            request.ip,
          );
        case 'NEW_PASSWORD_REQUIRED':
          return answerNewPassword(
            ctx,
            Session,
            parseParams(newPasswordResponsesSchema, ChallengeResponses),
          );
        case 'CUSTOM_CHALLENGE':
          return answerSignInCode(
            ctx,
            Session,
            parseParams(customChallengeResponsesSchema, ChallengeResponses),
            request.ip,
          );
        default:
          throw new CognitoError(
            'InvalidParameterException',
            `Challenge ${ChallengeName} is not supported by this user pool.`,
          );
      }
    },
  };
}
