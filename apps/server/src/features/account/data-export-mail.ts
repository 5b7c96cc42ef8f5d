import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { Mail } from '../../lib/mail/mailer.ts';

/** The mail with the export's link: it works without signing in, until `expiresAt`. */
export function dataExportMail(notice: {
  to: string;
  organizationName: string;
  link: string;
  expiresAt: Date;
  sizeBytes: number;
}): Mail {
  const megabytes = (notice.sizeBytes / 1_048_576).toFixed(1);
  return {
    to: notice.to,
    subject: `${PRODUCT_NAME}: your data export of ${notice.organizationName} is ready`,
    text: [
      'Hello,',
      '',
      `The export of all of ${notice.organizationName}'s data is ready (a ZIP of ${megabytes} MB):`,
      '',
      notice.link,
      '',
      `The link works without signing in until ${notice.expiresAt.toUTCString()}; then the file`,
      'is deleted. Anyone with the link can download the file, so do not forward this mail.',
      '',
      'It holds the bales as a spreadsheet (CSV), fields and storage areas as GeoJSON, and',
      'everything else as JSON; README.txt in it lists the files.',
    ].join('\n'),
  };
}
