import type { AppContext } from '../../app-context.ts';
import {
  initiateAuthSchema,
  newPasswordResponsesSchema,
  passwordVerifierResponsesSchema,
  respondToAuthChallengeSchema,
  selectChallengeResponsesSchema,
} from './cognito.schemas.ts';
import { CognitoError, cognitoErrors } from './cognito-error.ts';
import type { Operation } from './cognito-protocol.ts';
import { parseParams, requireClient } from './cognito-protocol.ts';
import { SignIn } from './sign-in.service.ts';
import { Tokens } from './tokens.service.ts';

const customAuthUnsupported = () =>
  cognitoErrors.invalidParameter('Custom auth lambda trigger is not configured for the user pool.');

function required(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw cognitoErrors.invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/** InitiateAuth and RespondToAuthChallenge: every sign-in flow Amplify starts. */
export function signInOperations(ctx: AppContext): Record<string, Operation> {
  const signIn = new SignIn(ctx);
  const tokens = new Tokens(ctx);

  return {
    async InitiateAuth(body, request) {
      const { AuthFlow, ClientId, AuthParameters: p } = parseParams(initiateAuthSchema, body);
      requireClient(ctx, ClientId);
      switch (AuthFlow) {
        case 'USER_SRP_AUTH':
          return signIn.startSrp(required(p, 'USERNAME'), required(p, 'SRP_A'), request.ip);
        case 'USER_PASSWORD_AUTH':
          return signIn.withPassword(required(p, 'USERNAME'), required(p, 'PASSWORD'), request.ip);
        case 'USER_AUTH': {
          const username = required(p, 'USERNAME');
          if (p.PREFERRED_CHALLENGE === 'PASSWORD') {
            return signIn.withPassword(username, required(p, 'PASSWORD'), request.ip);
          }
          if (p.PREFERRED_CHALLENGE === 'PASSWORD_SRP') {
            return signIn.startSrp(username, required(p, 'SRP_A'), request.ip);
          }
          // No preference, or one this pool does not offer (OTP, passkeys): let the user choose.
          return signIn.offerChallenges(username, request.ip);
        }
        case 'REFRESH_TOKEN_AUTH':
        case 'REFRESH_TOKEN':
          return {
            AuthenticationResult: await tokens.refresh(required(p, 'REFRESH_TOKEN')),
            ChallengeParameters: {},
          };
        case 'CUSTOM_AUTH':
          throw customAuthUnsupported();
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
          return signIn.answerPasswordVerifier(
            parseParams(passwordVerifierResponsesSchema, ChallengeResponses),
            request.ip,
          );
        case 'SELECT_CHALLENGE':
          return signIn.answerSelectChallenge(
            Session,
            parseParams(selectChallengeResponsesSchema, ChallengeResponses),
            request.ip,
          );
        case 'NEW_PASSWORD_REQUIRED':
          return signIn.answerNewPassword(
            Session,
            parseParams(newPasswordResponsesSchema, ChallengeResponses),
          );
        case 'CUSTOM_CHALLENGE':
          throw customAuthUnsupported();
        default:
          throw new CognitoError(
            'InvalidParameterException',
            `Challenge ${ChallengeName} is not supported by this user pool.`,
          );
      }
    },
  };
}
