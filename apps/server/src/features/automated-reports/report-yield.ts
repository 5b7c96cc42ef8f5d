import { cropYearDays, cropYearOf } from '@baletrack/domain/crop-year';
import type { AppContext } from '../../app-context.ts';
import type { MailAttachment } from '../../lib/mail/mailer.ts';
import { getSettings } from '../settings/settings.service.ts';
import { fieldYieldCsvFile } from '../yield/yield.service.ts';
import type { ReportYieldNote } from './report-mail.ts';

// The yield per field an automated report carries when its owner asks
// (docs/product.md#automated-reports): the Yield per Field page's CSV of the crop year the
// period ends in, whatever the filter selects.

/** The yield file of a period, with what its mails say of it. */
export interface ReportYield extends ReportYieldNote {
  attachment: MailAttachment;
}

/**
 * The crop year of a period's last local day. A period ends at a local midnight, which in UTC can
 * fall on the next day: a Chicago night of 31 December ends at 06:00 UTC on 1 January, and still
 * belongs to December's crop year.
 */
export function periodCropYear(periodEnd: Date, timezone: string, startMonth: number): number {
  const lastInstant = new Date(periodEnd.getTime() - 1);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(lastInstant);
  const part = (type: 'year' | 'month' | 'day') =>
    Number(parts.find((p) => p.type === type)?.value);
  return cropYearOf(Date.UTC(part('year'), part('month') - 1, part('day')), startMonth);
}

/** The yield CSV of the crop year a report's period ends in, as a mail attachment. */
export async function reportYield(
  ctx: AppContext,
  orgId: string,
  period: { end: Date; timezone: string },
): Promise<ReportYield> {
  const { cropYearStartMonth } = await getSettings(ctx, orgId);
  const cropYear = periodCropYear(period.end, period.timezone, cropYearStartMonth);
  const file = await fieldYieldCsvFile(ctx, orgId, cropYear);
  const { first, last } = cropYearDays(cropYear, cropYearStartMonth);
  return {
    cropYear,
    days: `${first} to ${last}`,
    filename: file.filename,
    attachment: {
      filename: file.filename,
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from(file.body, 'utf8'),
    },
  };
}
