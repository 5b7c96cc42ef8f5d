import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { Mail } from '../../lib/mail/mailer.ts';

/**
 * The invite a sub-account user gets: where to sign in and the temporary password, alone on
 * its line so it is easy to copy. The first sign-in asks for a new password.
 */
export function inviteMail(invite: {
  to: string;
  name: string;
  organizationName: string;
  temporaryPassword: string;
  signInUrl: string;
}): Mail {
  return {
    to: invite.to,
    subject: `You are invited to ${invite.organizationName} on ${PRODUCT_NAME}`,
    text: [
      `Hello ${invite.name},`,
      '',
      `You have been invited to see the bales of ${invite.organizationName} on ${PRODUCT_NAME}.`,
      `Sign in at ${invite.signInUrl} with your email address (${invite.to}) and this temporary password:`,
      '',
      invite.temporaryPassword,
      '',
      'You will be asked to choose your own password. If the temporary password no longer works,',
      'ask the account owner to re-send the invite.',
    ].join('\n'),
  };
}
