import { z } from 'zod';

// Request bodies of the Cognito JSON protocol as aws-amplify 6.22 sends them. Unknown members
// (ClientMetadata, UserContextData, AnalyticsMetadata…) are accepted and dropped. These are wire
// formats of Amazon's protocol, not our contracts, so they live beside the handler.

const text = z.string().max(4096);
const secret = z.string().min(1).max(4096);
const parameters = z.record(z.string(), text);

export const initiateAuthSchema = z.object({
  AuthFlow: text,
  ClientId: text,
  AuthParameters: parameters.default({}),
});

export const respondToAuthChallengeSchema = z.object({
  ChallengeName: text,
  ClientId: text,
  Session: text.optional(),
  ChallengeResponses: parameters.default({}),
});

export const passwordVerifierResponsesSchema = z.object({
  USERNAME: text,
  PASSWORD_CLAIM_SECRET_BLOCK: secret,
  TIMESTAMP: text,
  PASSWORD_CLAIM_SIGNATURE: secret,
});

export const selectChallengeResponsesSchema = z.object({
  USERNAME: text.optional(),
  ANSWER: text,
  PASSWORD: text.optional(),
  SRP_A: text.optional(),
});

export const customChallengeResponsesSchema = z.object({
  USERNAME: text.optional(),
  ANSWER: z.string().max(64),
});

export const newPasswordResponsesSchema = z.object({
  USERNAME: text.optional(),
  NEW_PASSWORD: z.string().max(4096),
});

export const usernameSchema = z.object({ ClientId: text, Username: z.string().min(1).max(320) });

export const confirmSignUpSchema = usernameSchema.extend({ ConfirmationCode: z.string().max(64) });

export const confirmForgotPasswordSchema = usernameSchema.extend({
  ConfirmationCode: z.string().max(64),
  Password: z.string().max(4096),
});

export const getTokensFromRefreshTokenSchema = z.object({ ClientId: text, RefreshToken: secret });

export const revokeTokenSchema = z.object({ ClientId: text, Token: secret });

export const accessTokenSchema = z.object({ AccessToken: secret });

export const changePasswordSchema = accessTokenSchema.extend({
  PreviousPassword: z.string().max(4096),
  ProposedPassword: z.string().max(4096),
});
