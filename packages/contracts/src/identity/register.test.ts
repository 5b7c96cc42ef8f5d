import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf, messagesAt } from '../testing/issues-of.ts';
import {
  emailSchema,
  organizationNameSchema,
  passwordSchema,
  registerRequestSchema,
  registerResponseSchema,
} from './register.ts';

const v = messages.validation;

const valid = {
  organizationName: 'Prairie Hay Co',
  email: 'owner@prairie.example',
  password: 'Windrow42',
  confirmPassword: 'Windrow42',
  eulaAccepted: true,
  privacyAccepted: true,
};

describe('organizationNameSchema', () => {
  it('needs at least 3 characters after trimming', () => {
    expect(organizationNameSchema.parse('  Abc ')).toBe('Abc');
    expect(messagesAt(organizationNameSchema, ' Ab ', '')).toEqual([v.organizationNameTooShort]);
    expect(messagesAt(organizationNameSchema, '', '')).toEqual([v.organizationNameTooShort]);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases a valid address', () => {
    expect(emailSchema.parse('  Owner@Prairie.EXAMPLE ')).toBe('owner@prairie.example');
  });

  it.each(['', 'owner', 'owner@', '@prairie.example', 'a b@c.de', 42])('rejects %j', (value) => {
    expect(messagesAt(emailSchema, value, '')).toEqual([v.emailInvalid]);
  });
});

describe('passwordSchema', () => {
  it('accepts 8 characters with a number, a lowercase and an uppercase letter', () => {
    expect(passwordSchema.parse('Abcdefg1')).toBe('Abcdefg1');
  });

  it('reports each failing rule with its own message', () => {
    expect(messagesAt(passwordSchema, 'Abcdef1', '')).toEqual([v.passwordTooShort]);
    expect(messagesAt(passwordSchema, 'Abcdefgh', '')).toEqual([v.passwordNeedsNumber]);
    expect(messagesAt(passwordSchema, 'ABCDEFG1', '')).toEqual([v.passwordNeedsLowercase]);
    expect(messagesAt(passwordSchema, 'abcdefg1', '')).toEqual([v.passwordNeedsUppercase]);
    expect(messagesAt(passwordSchema, 'abc', '')).toEqual([
      v.passwordTooShort,
      v.passwordNeedsNumber,
      v.passwordNeedsUppercase,
    ]);
  });

  it('keeps surrounding spaces as part of the password', () => {
    expect(passwordSchema.parse(' Abcdef1 ')).toBe(' Abcdef1 ');
  });
});

describe('registerRequestSchema', () => {
  it('accepts a complete registration and normalizes the email', () => {
    expect(registerRequestSchema.parse({ ...valid, email: ' Owner@Prairie.example' })).toEqual(
      valid,
    );
  });

  it("says 'Passwords do not match' on confirmPassword", () => {
    expect(issuesOf(registerRequestSchema, { ...valid, confirmPassword: 'Windrow43' })).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it('requires the EULA and the Privacy Statement to be agreed', () => {
    expect(
      issuesOf(registerRequestSchema, { ...valid, eulaAccepted: false, privacyAccepted: false }),
    ).toEqual([
      { path: 'eulaAccepted', message: 'You must agree to the EULA' },
      { path: 'privacyAccepted', message: 'You must agree to the Privacy Statement' },
    ]);
    const { eulaAccepted: _e, privacyAccepted: _p, ...unticked } = valid;
    expect(issuesOf(registerRequestSchema, unticked).map((issue) => issue.message)).toEqual([
      'You must agree to the EULA',
      'You must agree to the Privacy Statement',
    ]);
  });

  it('shows every problem of the form at once, the mismatch included', () => {
    const issues = issuesOf(registerRequestSchema, {
      organizationName: 'AB',
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
      eulaAccepted: false,
      privacyAccepted: true,
    });
    expect(issues).toEqual([
      { path: 'organizationName', message: v.organizationNameTooShort },
      { path: 'email', message: v.emailInvalid },
      { path: 'password', message: v.passwordTooShort },
      { path: 'password', message: v.passwordNeedsNumber },
      { path: 'password', message: v.passwordNeedsUppercase },
      { path: 'eulaAccepted', message: v.eulaRequired },
      { path: 'confirmPassword', message: v.passwordsDoNotMatch },
    ]);
  });
  it('still reports a mismatch when a checkbox value is missing altogether', () => {
    const { eulaAccepted: _e, ...noEula } = valid;
    expect(issuesOf(registerRequestSchema, { ...noEula, confirmPassword: 'x' })).toEqual([
      { path: 'eulaAccepted', message: v.eulaRequired },
      { path: 'confirmPassword', message: v.passwordsDoNotMatch },
    ]);
  });
});

describe('registerResponseSchema', () => {
  const response = {
    userId: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
    organizationId: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    email: 'owner@prairie.example',
    userConfirmed: false,
  };

  it('accepts ids as uuids', () => {
    expect(registerResponseSchema.parse(response)).toEqual(response);
  });

  it('rejects an id that is not a uuid', () => {
    expect(registerResponseSchema.safeParse({ ...response, userId: '42' }).success).toBe(false);
  });
});
