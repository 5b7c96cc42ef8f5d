import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { Mail } from '../../lib/mail/mailer.ts';
import type { CodePurpose } from './user-codes.repository.ts';

/** The mails carrying one-time codes; the code stands alone on its line so it is easy to copy. */
export function codeMail(purpose: CodePurpose, to: string, code: string): Mail {
  if (purpose === 'confirm-sign-up') {
    return {
      to,
      subject: `Your ${PRODUCT_NAME} confirmation code`,
      text: [
        `Welcome to ${PRODUCT_NAME}. Enter this code to confirm your email address:`,
        '',
        code,
        '',
        'The code is valid for 24 hours. If you did not sign up, you can ignore this mail.',
      ].join('\n'),
    };
  }
  if (purpose === 'sign-in') {
    return {
      to,
      subject: `Your ${PRODUCT_NAME} sign-in code`,
      text: [
        `Enter this code to sign in to ${PRODUCT_NAME}:`,
        '',
        code,
        '',
        'The code is valid for 10 minutes and works once. If you did not ask to sign in, you can ignore this mail: nobody signs in without the code.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password reset code`,
    text: [
      `Enter this code to choose a new ${PRODUCT_NAME} password:`,
      '',
      code,
      '',
      'The code is valid for 1 hour. If you did not ask to reset your password, you can ignore this mail.',
    ].join('\n'),
  };
}

/**
 * Cognito's CodeDeliveryDetails, with the address masked as Cognito does ('j***@e***.com').
 * Built from what the caller typed, so unknown names get the same answer as real ones; a name
 * that is not an email (a user id) shows nothing of itself ('****@****').
 */
export function codeDeliveryDetails(address: string) {
  const [local = '', domain = ''] = address.trim().toLowerCase().split('@');
  const dot = domain.lastIndexOf('.');
  const suffix = dot > 0 ? domain.slice(dot) : '';
  const first = domain ? local.slice(0, 1) : '';
  return {
    Destination: `${first || '*'}***@${domain.slice(0, 1) || '*'}***${suffix}`,
    DeliveryMedium: 'EMAIL',
    AttributeName: 'email',
  };
}
