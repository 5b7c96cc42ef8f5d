import { z } from 'zod';
import { messages } from '../errors/messages.ts';

/** What the owner must type, exactly, to delete the account. */
export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE';

/** The deletion screen's steps, in order (docs/product.md#account). */
export const accountDeletionSteps = [
  'confirm',
  'generateReport',
  'deleteAccount',
  'success',
] as const;
export type AccountDeletionStep = (typeof accountDeletionSteps)[number];

/** DELETE /user/close-account carries this; case and spaces matter. */
export const deleteAccountRequestSchema = z.object({
  confirmation: z.literal(ACCOUNT_DELETION_CONFIRMATION, {
    error: messages.accountDeletion.confirmationMismatch,
  }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** POST /reports/email-user-data: where the export went and until when its link works. */
export const emailUserDataResponseSchema = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type EmailUserDataResponse = z.infer<typeof emailUserDataResponseSchema>;
