import type { AccountDeletionStep } from '@baletrack/contracts/account/account';
import { messages } from '@baletrack/contracts/errors/messages';

/**
 * Which step of closing the account an error belongs to: the export's failure to 'generate
 * report' (nothing was deleted), the deletion's to 'delete account', anything else (a refusal,
 * the network) to the confirmation.
 */
export function failedStep(message: string): AccountDeletionStep {
  if (message === messages.accountDeletion.reportFailed) return 'generateReport';
  if (message === messages.accountDeletion.deleteFailed) return 'deleteAccount';
  return 'confirm';
}
