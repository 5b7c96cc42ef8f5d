// When automated reports go out and which bales each covers (docs/product.md#automated-reports).
// A report is sent at 06:00 in its own timezone on the day after the period it covers ends:
// nightly the previous day, weekly the previous ISO week (Monday to Sunday), monthly the previous
// calendar month. Periods are local days, so a week that crosses a daylight-saving change is
// 167 or 169 hours long and still goes out at 06:00 on the wall clock.

import type { ReportFrequency } from '@baletrack/contracts/constants';
import { DateTime } from 'luxon';

/** The local hour reports are sent at. */
export const REPORT_SEND_HOUR = 6;

export type ScheduledFrequency = Exclude<ReportFrequency, 'none'>;

/** One period of a report: the bales made in [start, end), sent at `sendAt`. */
export interface ReportPeriod {
  start: Date;
  end: Date;
  sendAt: Date;
}

const unitOf = { nightly: 'day', weekly: 'week', monthly: 'month' } as const;
const lengthOf = { nightly: { days: 1 }, weekly: { weeks: 1 }, monthly: { months: 1 } } as const;

/** The period that ends at the local boundary `end` (a midnight starting a day, week or month). */
function periodEndingAt(frequency: ScheduledFrequency, end: DateTime): ReportPeriod {
  const start = end.minus(lengthOf[frequency]).startOf('day');
  return {
    start: start.toJSDate(),
    end: end.toJSDate(),
    // The wall clock's 06:00, not six hours after midnight: those differ on a changeover day.
    sendAt: end.set({ hour: REPORT_SEND_HOUR, minute: 0, second: 0, millisecond: 0 }).toJSDate(),
  };
}

/**
 * The newest period whose sending time has come at `now`: what a report owes once the clock
 * passes 06:00 after a period, and what it still owes after downtime (older missed periods are
 * not sent: one catch-up mail, not a flood).
 * @example latestDuePeriod('weekly', 'America/Chicago', new Date('2026-11-30T12:00Z'))
 *   // { start: 2026-11-23T06:00Z, end: 2026-11-30T06:00Z, sendAt: 2026-11-30T12:00Z }
 */
export function latestDuePeriod(
  frequency: ScheduledFrequency,
  timezone: string,
  now: Date,
): ReportPeriod {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  const boundary = local.startOf(unitOf[frequency]);
  const current = periodEndingAt(frequency, boundary);
  if (current.sendAt.getTime() <= now.getTime()) return current;
  return periodEndingAt(frequency, boundary.minus(lengthOf[frequency]).startOf(unitOf[frequency]));
}

/**
 * The first sending time after `now`, for the owner's "next report" line.
 * @example nextSendAt('monthly', 'UTC', new Date('2026-11-22T00:00Z')) // 2026-12-01T06:00Z
 */
export function nextSendAt(frequency: ScheduledFrequency, timezone: string, now: Date): Date {
  const latest = latestDuePeriod(frequency, timezone, now);
  const end = DateTime.fromJSDate(latest.end, { zone: timezone });
  return periodEndingAt(frequency, end.plus(lengthOf[frequency]).startOf(unitOf[frequency])).sendAt;
}

/**
 * The period in words for a mail's subject, in the report's timezone (en-US, the product's one
 * locale).
 * @example periodLabel('weekly', 'UTC', period) // 'Nov 16 – Nov 22, 2026'
 */
export function periodLabel(
  frequency: ScheduledFrequency,
  timezone: string,
  period: Pick<ReportPeriod, 'start' | 'end'>,
): string {
  const start = DateTime.fromJSDate(period.start, { zone: timezone }).setLocale('en-US');
  const lastDay = DateTime.fromJSDate(period.end, { zone: timezone })
    .minus({ days: 1 })
    .setLocale('en-US');
  if (frequency === 'nightly') return start.toFormat('ccc, LLL d, yyyy');
  if (frequency === 'monthly') return start.toFormat('LLLL yyyy');
  return `${start.toFormat('LLL d')} – ${lastDay.toFormat('LLL d, yyyy')}`;
}
