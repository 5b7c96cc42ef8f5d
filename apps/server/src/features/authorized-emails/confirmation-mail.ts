import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { Mail } from '../../lib/mail/mailer.ts';

/**
 * The mail asking an email's holder to agree to be an authorized email of an organization: a
 * code (for the owner's screen) first, alone on its line, then the link that works without
 * signing in, and when both lapse.
 */
export function confirmationMail(request: {
  to: string;
  organizationName: string;
  code: string;
  link: string;
  confirmBy: Date;
}): Mail {
  const until = request.confirmBy.toISOString().replace('T', ' ').slice(0, 16);
  return {
    to: request.to,
    subject: `Confirm ${request.to} as an authorized email of ${request.organizationName}`,
    text: [
      'Hello,',
      '',
      `The owner of ${request.organizationName} on ${PRODUCT_NAME} asks to add this address as an`,
      'authorized email: balers whose connectivity (ACM) subscription runs under it can then be',
      `registered to ${request.organizationName}.`,
      '',
      'To agree, give the account owner this code:',
      '',
      request.code,
      '',
      'or open this link and press Confirm (no sign-in needed):',
      request.link,
      '',
      `The code and the link work until ${until} UTC, once. If you did not expect this mail,`,
      'ignore it: nothing changes without your confirmation.',
    ].join('\n'),
  };
}
