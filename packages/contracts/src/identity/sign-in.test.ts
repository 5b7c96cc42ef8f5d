import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import {
  changePasswordSchema,
  confirmSignUpSchema,
  forgotPasswordSchema,
  newPasswordSchema,
  resetPasswordSchema,
  signInNeedsPassword,
  signInRequestSchema,
} from './sign-in.ts';

const v = messages.validation;

describe('signInRequestSchema', () => {
  it('defaults to the SRP flow', () => {
    expect(signInRequestSchema.parse({ username: ' ann@farm.example ', password: 'pw' })).toEqual({
      username: 'ann@farm.example',
      password: 'pw',
      flow: 'USER_SRP_AUTH',
    });
  });

  it('requires a non-empty username', () => {
    expect(issuesOf(signInRequestSchema, { username: '   ', password: 'pw' })).toEqual([
      { path: 'username', message: v.usernameRequired },
    ]);
    expect(issuesOf(signInRequestSchema, { password: 'pw' })).toEqual([
      { path: 'username', message: v.usernameRequired },
    ]);
  });

  it.each([
    ['USER_SRP_AUTH', undefined],
    ['USER_PASSWORD_AUTH', undefined],
    ['USER_AUTH', 'PASSWORD'],
    ['USER_AUTH', 'PASSWORD_SRP'],
  ] as const)('requires a password in %s with challenge %s', (flow, preferredChallenge) => {
    for (const password of [undefined, '']) {
      expect(
        issuesOf(signInRequestSchema, { username: 'ann', password, flow, preferredChallenge }),
      ).toEqual([{ path: 'password', message: v.passwordRequired }]);
    }
  });

  it('lets the user-choice flow go without a password when no challenge is chosen', () => {
    expect(signInRequestSchema.parse({ username: 'ann', flow: 'USER_AUTH' })).toEqual({
      username: 'ann',
      flow: 'USER_AUTH',
    });
  });

  it('rejects unknown flows and challenges', () => {
    const base = { username: 'ann', password: 'pw' };
    expect(signInRequestSchema.safeParse({ ...base, flow: 'CUSTOM_AUTH' }).success).toBe(false);
    expect(
      signInRequestSchema.safeParse({ ...base, flow: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' })
        .success,
    ).toBe(false);
  });

  it('states the password rule as a function too', () => {
    expect(signInNeedsPassword('USER_SRP_AUTH')).toBe(true);
    expect(signInNeedsPassword('USER_AUTH')).toBe(false);
    expect(signInNeedsPassword('USER_AUTH', 'PASSWORD_SRP')).toBe(true);
    expect(signInNeedsPassword('CUSTOM_WITH_SRP')).toBe(true);
    expect(signInNeedsPassword('CUSTOM_WITHOUT_SRP')).toBe(false);
  });
});

describe('confirmSignUpSchema', () => {
  it('takes a 6-digit code', () => {
    expect(confirmSignUpSchema.parse({ email: 'Ann@Farm.example', code: ' 012345 ' })).toEqual({
      email: 'ann@farm.example',
      code: '012345',
    });
  });

  it.each(['12345', '1234567', '12a456', ''])('rejects the code %j', (code) => {
    expect(issuesOf(confirmSignUpSchema, { email: 'ann@farm.example', code })).toEqual([
      { path: 'code', message: v.confirmationCodeInvalid },
    ]);
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid email', () => {
    expect(forgotPasswordSchema.parse({ email: 'ann@farm.example' })).toEqual({
      email: 'ann@farm.example',
    });
    expect(issuesOf(forgotPasswordSchema, { email: 'ann' })).toEqual([
      { path: 'email', message: v.emailInvalid },
    ]);
  });
});

describe('resetPasswordSchema', () => {
  const valid = {
    email: 'ann@farm.example',
    code: '123456',
    newPassword: 'Haybale99',
    confirmPassword: 'Haybale99',
  };

  it('accepts a matching new password that meets the policy', () => {
    expect(resetPasswordSchema.parse(valid)).toEqual(valid);
  });

  it('reports a mismatch on confirmPassword', () => {
    expect(issuesOf(resetPasswordSchema, { ...valid, confirmPassword: 'Haybale98' })).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('applies the password policy to the new password', () => {
    const weak = { ...valid, newPassword: 'haybale99', confirmPassword: 'haybale99' };
    expect(issuesOf(resetPasswordSchema, weak)).toEqual([
      { path: 'newPassword', message: v.passwordNeedsUppercase },
    ]);
  });
});

describe('changePasswordSchema', () => {
  const valid = { oldPassword: 'old', newPassword: 'Haybale99', confirmPassword: 'Haybale99' };

  it('accepts a new password that meets the policy and matches', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('needs the old password and a matching confirmation', () => {
    expect(
      issuesOf(changePasswordSchema, { ...valid, oldPassword: '', confirmPassword: 'x' }),
    ).toEqual([
      { path: 'oldPassword', message: v.passwordRequired },
      { path: 'confirmPassword', message: v.passwordsDoNotMatch },
    ]);
  });
});

describe('newPasswordSchema', () => {
  it('checks policy and confirmation for an invited user', () => {
    expect(
      issuesOf(newPasswordSchema, { newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }),
    ).toEqual([]);
    expect(issuesOf(newPasswordSchema, { newPassword: 'Abcdefg1', confirmPassword: '' })).toEqual([
      { path: 'confirmPassword', message: v.passwordsDoNotMatch },
    ]);
  });
});
