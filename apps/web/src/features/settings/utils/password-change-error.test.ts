import { messages } from '@baletrack/contracts/errors/messages';
import { describe, expect, it } from 'vitest';
import { passwordChangeError } from './password-change-error.ts';

const poolError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('passwordChangeError', () => {
  it('puts a wrong current password under the current password', () => {
    expect(
      passwordChangeError(poolError('NotAuthorizedException', 'Incorrect username or password.')),
    ).toEqual({
      field: 'oldPassword',
      message: 'This is not your current password.',
    });
  });

  it("puts the pool's refusal of the new password under the new password", () => {
    const refused = poolError(
      'InvalidPasswordException',
      'Password must have uppercase characters',
    );
    expect(passwordChangeError(refused)).toEqual({
      field: 'newPassword',
      message: 'Password must have uppercase characters',
    });
  });

  it("says the spec's message for anything else", () => {
    expect(passwordChangeError(new TypeError('Failed to fetch'))).toEqual({
      message: messages.passwordChange.failed,
    });
  });
});
