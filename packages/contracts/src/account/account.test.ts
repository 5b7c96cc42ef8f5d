import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { accountDeletionSteps, deleteAccountRequestSchema } from './account.ts';

describe('deleteAccountRequestSchema', () => {
  it('accepts DELETE typed exactly', () => {
    expect(deleteAccountRequestSchema.parse({ confirmation: 'DELETE' })).toEqual({
      confirmation: 'DELETE',
    });
  });

  it.each(['delete', 'Delete', ' DELETE', 'DELETE ', '', 'DELET'])('rejects %j', (typed) => {
    expect(issuesOf(deleteAccountRequestSchema, { confirmation: typed })).toEqual([
      { path: 'confirmation', message: messages.accountDeletion.confirmationMismatch },
    ]);
  });

  it('runs confirm, report, delete, success in that order', () => {
    expect(accountDeletionSteps).toEqual(['confirm', 'generateReport', 'deleteAccount', 'success']);
  });
});
