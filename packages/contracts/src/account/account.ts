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

/** DELETE /user/close-account answers this once the export is mailed and the account is gone. */
export const closeAccountResponseSchema = z.object({
  /** Where the data export's link was mailed. */
  email: z.string(),
  /** Until when the link works. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CloseAccountResponse = z.infer<typeof closeAccountResponseSchema>;
