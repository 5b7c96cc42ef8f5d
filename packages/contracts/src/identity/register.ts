import { z } from 'zod';
import { DIRECTION_CONTROLS } from '../common/name.ts';
import {
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { messages } from '../errors/messages.ts';

// RFC 5321's limit on a forward path.
const EMAIL_MAX_LENGTH = 254;

export const organizationNameSchema = z
  .string()
  .trim()
  .min(ORGANIZATION_NAME_MIN_LENGTH, messages.validation.organizationNameTooShort)
  .max(ORGANIZATION_NAME_MAX_LENGTH, messages.validation.organizationNameTooLong)
  .refine((name) => !DIRECTION_CONTROLS.test(name), messages.validation.nameWithDirectionControls);

/** Trimmed and lower-cased before checking, so one person has one address. */
export const emailSchema = z
  .string({ error: messages.validation.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, messages.validation.emailInvalid)
  .pipe(z.email({ error: messages.validation.emailInvalid }));

/**
 * The password policy of docs/product.md#validation-rules; every rule that fails reports its own
 * message. Never trimmed.
 */
export const passwordSchema = z
  .string({ error: messages.validation.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, messages.validation.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.validation.passwordTooLong)
  .regex(/[0-9]/, messages.validation.passwordNeedsNumber)
  .regex(/[a-z]/, messages.validation.passwordNeedsLowercase)
  .regex(/[A-Z]/, messages.validation.passwordNeedsUppercase);

/** A checkbox the user must tick; missing counts as not ticked. */
export function mustAgree(message: string) {
  return z.boolean({ error: message }).refine((agreed) => agreed, { error: message });
}

/**
 * Adds 'Passwords do not match' on `confirmPassword`. It runs even when other fields fail (as
 * long as both passwords are strings), so the form shows every problem at once.
 */
export function withPasswordConfirmation<
  K extends string,
  S extends z.ZodType<Record<K | 'confirmPassword', string>>,
>(schema: S, passwordKey: K): S {
  return schema.refine((value) => value[passwordKey] === value.confirmPassword, {
    error: messages.validation.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
        string,
        unknown
      >;
      return typeof record[passwordKey] === 'string' && typeof record.confirmPassword === 'string';
    },
  });
}

export const registerRequestSchema = withPasswordConfirmation(
  z.object({
    organizationName: organizationNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: messages.validation.passwordsDoNotMatch }),
    eulaAccepted: mustAgree(messages.validation.eulaRequired),
    privacyAccepted: mustAgree(messages.validation.privacyRequired),
  }),
  'password',
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterRequestInput = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  userId: z.uuid(),
  organizationId: z.uuid(),
  email: emailSchema,
  /** False until the emailed confirmation code is entered. */
  userConfirmed: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
