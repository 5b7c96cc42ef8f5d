import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { messagesAt } from '../testing/issues-of.ts';
import {
  authorizedEmailParamsSchema,
  changeAuthorizedEmailQuerySchema,
} from './authorized-email.ts';

describe('authorizedEmailParamsSchema', () => {
  it('trims and lower-cases the email, and refuses anything else', () => {
    expect(authorizedEmailParamsSchema.parse({ email: ' Dealer@Example.COM ' })).toEqual({
      email: 'dealer@example.com',
    });
    expect(messagesAt(authorizedEmailParamsSchema, { email: 'dealer' }, 'email')).toEqual([
      messages.validation.emailInvalid,
    ]);
  });
});

describe('changeAuthorizedEmailQuerySchema', () => {
  it('takes a 6-digit code or resend=true', () => {
    expect(changeAuthorizedEmailQuerySchema.parse({ code: ' 012345 ' })).toEqual({
      code: '012345',
    });
    expect(changeAuthorizedEmailQuerySchema.parse({ resend: 'true' })).toEqual({ resend: 'true' });
  });

  it('needs exactly one of them', () => {
    expect(messagesAt(changeAuthorizedEmailQuerySchema, {}, '')).toEqual([
      messages.authorizedEmail.actionRequired,
    ]);
    expect(
      messagesAt(changeAuthorizedEmailQuerySchema, { code: '012345', resend: 'true' }, ''),
    ).toEqual([messages.authorizedEmail.actionRequired]);
  });

  it('refuses a code that is not 6 digits, and resend=false', () => {
    expect(messagesAt(changeAuthorizedEmailQuerySchema, { code: '12345' }, 'code')).toEqual([
      messages.validation.confirmationCodeInvalid,
    ]);
    expect(changeAuthorizedEmailQuerySchema.safeParse({ resend: 'false' }).success).toBe(false);
  });
});
