import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { Mail } from '../../lib/mail/mailer.ts';

/** The mail to an owner when auto-renew found the wallet empty at a month's start. */
export function renewalFailedMail(notice: {
  to: string;
  month: string;
  balerNames: string[];
  pricingLink: string;
}): Mail {
  return {
    to: notice.to,
    subject: `${PRODUCT_NAME}: ${notice.balerNames.length} baler(s) not renewed for ${notice.month}`,
    text: [
      'Hello,',
      '',
      `Auto-renew could not apply a credit for ${notice.month} to these balers, because the`,
      'wallet has no credits left:',
      '',
      ...notice.balerNames.map((name) => `  - ${name}`),
      '',
      'Bales they make this month are kept but stay locked (not shown on the map) until the',
      'month has a credit. Buy credits, then apply the current month to each baler:',
      notice.pricingLink,
      '',
      'You get this mail once a month at most.',
    ].join('\n'),
  };
}
