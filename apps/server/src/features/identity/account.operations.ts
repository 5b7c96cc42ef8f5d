import type { AppContext } from '../../app-context.ts';
import {
  accessTokenSchema,
  changePasswordSchema,
  confirmForgotPasswordSchema,
  confirmSignUpSchema,
  getTokensFromRefreshTokenSchema,
  revokeTokenSchema,
  usernameSchema,
} from './cognito.schemas.ts';
import { CognitoError } from './cognito-error.ts';
import { type Operation, parseParams, requireClient } from './cognito-protocol.ts';
import {
  refreshSession,
  revokeAllSessions,
  revokeSession,
  verifyAccessTokenForPool,
} from './tokens.service.ts';
import {
  changePassword,
  confirmForgotPassword,
  confirmSignUp,
  forgotPassword,
  poolUserAttributes,
  resendConfirmationCode,
} from './user-pool.service.ts';

/** Everything after sign-in, plus sign-up confirmation and password reset. */
export function accountOperations(ctx: AppContext): Record<string, Operation> {
  return {
    // Registration creates an organization too, so it goes through the app, never the pool.
    async SignUp() {
      throw new CognitoError(
        'NotAuthorizedException',
        'SignUp is not permitted for this user pool. Register in the Baletrack app to create your organization.',
      );
    },

    async ConfirmSignUp(body, request) {
      const p = parseParams(confirmSignUpSchema, body);
      requireClient(ctx, p.ClientId);
      await confirmSignUp(ctx, p.Username, p.ConfirmationCode, request.ip);
      return {};
    },

    async ResendConfirmationCode(body) {
      const p = parseParams(usernameSchema, body);
      requireClient(ctx, p.ClientId);
      return { CodeDeliveryDetails: await resendConfirmationCode(ctx, p.Username) };
    },

    async ForgotPassword(body) {
      const p = parseParams(usernameSchema, body);
      requireClient(ctx, p.ClientId);
      return { CodeDeliveryDetails: await forgotPassword(ctx, p.Username) };
    },

    async ConfirmForgotPassword(body, request) {
      const p = parseParams(confirmForgotPasswordSchema, body);
      requireClient(ctx, p.ClientId);
      await confirmForgotPassword(ctx, p.Username, p.ConfirmationCode, p.Password, request.ip);
      return {};
    },

    async GetTokensFromRefreshToken(body) {
      const p = parseParams(getTokensFromRefreshTokenSchema, body);
      requireClient(ctx, p.ClientId);
      return { AuthenticationResult: await refreshSession(ctx, p.RefreshToken) };
    },

    async GetUser(body) {
      return poolUserAttributes(ctx, parseParams(accessTokenSchema, body).AccessToken);
    },

    async ChangePassword(body) {
      const p = parseParams(changePasswordSchema, body);
      await changePassword(ctx, p.AccessToken, p.PreviousPassword, p.ProposedPassword);
      return {};
    },

    async RevokeToken(body) {
      const p = parseParams(revokeTokenSchema, body);
      requireClient(ctx, p.ClientId);
      await revokeSession(ctx, p.Token);
      return {};
    },

    async GlobalSignOut(body) {
      const { user } = await verifyAccessTokenForPool(
        ctx,
        parseParams(accessTokenSchema, body).AccessToken,
      );
      await revokeAllSessions(ctx, user.id);
      return {};
    },
  };
}
