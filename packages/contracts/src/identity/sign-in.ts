import { z } from 'zod';
import { messages } from '../errors/messages.ts';
import { emailSchema, passwordSchema, withPasswordConfirmation } from './register.ts';

/**
 * Amplify's sign-in flows we support; SRP is the default (docs/product.md#sign-in-flows). The
 * custom ones sign in with a mailed code, after the password with SRP, alone without.
 */
export const signInFlows = [
  'USER_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'USER_AUTH',
  'CUSTOM_WITH_SRP',
  'CUSTOM_WITHOUT_SRP',
] as const;
export type SignInFlow = (typeof signInFlows)[number];
export const DEFAULT_SIGN_IN_FLOW: SignInFlow = 'USER_SRP_AUTH';

/** Challenges a user may prefer in the user-choice (USER_AUTH) flow. */
export const preferredChallenges = ['PASSWORD', 'PASSWORD_SRP'] as const;
export type PreferredChallenge = (typeof preferredChallenges)[number];

/**
 * docs/product.md#validation-rules: a password is needed, except in the user-choice flow when no
 * password challenge was chosen (the server then offers the choice), and for a mailed code alone.
 */
export function signInNeedsPassword(
  flow: SignInFlow,
  preferredChallenge?: PreferredChallenge,
): boolean {
  if (flow === 'CUSTOM_WITHOUT_SRP') return false;
  return flow !== 'USER_AUTH' || preferredChallenge !== undefined;
}

export const signInRequestSchema = z
  .object({
    username: z
      .string({ error: messages.validation.usernameRequired })
      .trim()
      .min(1, messages.validation.usernameRequired),
    password: z.string().optional(),
    flow: z.enum(signInFlows).default(DEFAULT_SIGN_IN_FLOW),
    preferredChallenge: z.enum(preferredChallenges).optional(),
  })
  .refine(
    (value) => !signInNeedsPassword(value.flow, value.preferredChallenge) || !!value.password,
    {
      error: messages.validation.passwordRequired,
      path: ['password'],
    },
  );
export type SignInRequest = z.infer<typeof signInRequestSchema>;
export type SignInRequestInput = z.input<typeof signInRequestSchema>;

/** The emailed sign-up or reset code: exactly 6 digits. */
export const confirmationCodeSchema = z
  .string({ error: messages.validation.confirmationCodeInvalid })
  .trim()
  .regex(/^\d{6}$/, messages.validation.confirmationCodeInvalid);

export const confirmSignUpSchema = z.object({
  email: emailSchema,
  code: confirmationCodeSchema,
});
export type ConfirmSignUp = z.infer<typeof confirmSignUpSchema>;

export const resendCodeSchema = z.object({ email: emailSchema });
export type ResendCode = z.infer<typeof resendCodeSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = withPasswordConfirmation(
  z.object({
    email: emailSchema,
    code: confirmationCodeSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: messages.validation.passwordsDoNotMatch }),
  }),
  'newPassword',
);
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = withPasswordConfirmation(
  z.object({
    oldPassword: z
      .string({ error: messages.validation.passwordRequired })
      .min(1, messages.validation.passwordRequired),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: messages.validation.passwordsDoNotMatch }),
  }),
  'newPassword',
);
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** An invited user's first sign-in (NEW_PASSWORD_REQUIRED) sets their own password. */
export const newPasswordSchema = withPasswordConfirmation(
  z.object({
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: messages.validation.passwordsDoNotMatch }),
  }),
  'newPassword',
);
export type NewPassword = z.infer<typeof newPasswordSchema>;
