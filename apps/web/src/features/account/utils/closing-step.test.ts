import { messages } from '@baletrack/contracts/errors/messages';
import { describe, expect, it } from 'vitest';
import { failedStep } from './closing-step';

describe('failedStep', () => {
  it("puts each of the spec's messages on its step, anything else on the confirmation", () => {
    expect(failedStep(messages.accountDeletion.reportFailed)).toBe('generateReport');
    expect(failedStep(messages.accountDeletion.deleteFailed)).toBe('deleteAccount');
    expect(failedStep(messages.roles.ownerOnlyAccount)).toBe('confirm');
    expect(failedStep(messages.generic)).toBe('confirm');
  });
});
