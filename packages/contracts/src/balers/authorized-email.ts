import { z } from 'zod';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';
import { authorizedEmailStatuses } from './baler.ts';

/** A confirmation stays open this many days unless the server is configured otherwise. */
export const AUTHORIZED_EMAIL_CONFIRM_DAYS = 7;
/** Wrong codes allowed per confirmation mail before a new one must be sent. */
export const AUTHORIZED_EMAIL_CODE_ATTEMPTS = 5;

const dateTime = z.iso.datetime({ offset: true });

/**
 * One authorized email as the owner's list shows it (GET /authorized-emails): Pending until its
 * holder confirms, Expired when `confirmBy` passed first, Active once confirmed, Deleted when
 * removed (kept for history).
 */
export const authorizedEmailEntrySchema = z.object({
  email: emailSchema,
  status: z.enum(authorizedEmailStatuses),
  addedAt: dateTime,
  /** The end of the open confirmation; null once confirmed. */
  confirmBy: dateTime.nullable(),
  confirmedAt: dateTime.nullable(),
  deletedAt: dateTime.nullable(),
});
export type AuthorizedEmailEntry = z.infer<typeof authorizedEmailEntrySchema>;

/** GET /authorized-emails: newest first, removed ones included. */
export const authorizedEmailListSchema = z.object({
  authorizedEmails: z.array(authorizedEmailEntrySchema),
});
export type AuthorizedEmailList = z.infer<typeof authorizedEmailListSchema>;

/** Path of POST, PUT and DELETE /authorized-emails/{email}. */
export const authorizedEmailParamsSchema = z.object({ email: emailSchema });
export type AuthorizedEmailParams = z.infer<typeof authorizedEmailParamsSchema>;

/**
 * Query of PUT /authorized-emails/{email} (docs/product.md#user-api: "query"): `code` confirms with
 * the code from the mail, `resend=true` mails a new link and code (also reopening an Expired one).
 * One of them.
 */
export const changeAuthorizedEmailQuerySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, messages.validation.confirmationCodeInvalid)
      .optional(),
    resend: z.literal('true').optional(),
  })
  .refine((q) => (q.code === undefined) !== (q.resend === undefined), {
    error: messages.authorizedEmail.actionRequired,
  });
export type ChangeAuthorizedEmailQuery = z.infer<typeof changeAuthorizedEmailQuerySchema>;

/** Query of the public GET /public/authorized-emails/confirm: the link's one-time token. */
export const confirmAuthorizedEmailQuerySchema = z.object({
  token: z.string().trim().min(1).max(200),
});
export type ConfirmAuthorizedEmailQuery = z.infer<typeof confirmAuthorizedEmailQuerySchema>;
