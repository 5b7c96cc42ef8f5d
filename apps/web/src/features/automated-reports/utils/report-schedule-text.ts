import type {
  AutomatedReport,
  ReportRun,
} from '@baletrack/contracts/automated-reports/automated-report';
import { DEFAULT_LOCALE, type ReportFrequency } from '@baletrack/contracts/constants';
import type { UnitSystem } from '@baletrack/contracts/settings/settings';

// How an automated report's schedule and last run read on screen (docs/product.md#automated-reports).

export const frequencyLabels: Record<ReportFrequency, string> = {
  nightly: 'Nightly',
  weekly: 'Weekly',
  monthly: 'Monthly',
  none: 'Paused',
};

/** What each frequency sends, for the form's hint. */
export const frequencyHints: Record<ReportFrequency, string> = {
  nightly: 'Every morning at 6:00 AM, the bales of the day before.',
  weekly: 'Mondays at 6:00 AM, the bales of the week before (Monday to Sunday).',
  monthly: 'On the 1st at 6:00 AM, the bales of the month before.',
  none: 'Nothing is sent; the settings are kept.',
};

export const unitSystemLabels: Record<UnitSystem, string> = {
  US: 'US (lb, tons, °F)',
  Imperial: 'Imperial (lb, long tons, °C)',
  Metric: 'Metric (kg, t, °C)',
};

/**
 * An instant as the report's readers see it, in the report's timezone.
 * @example atInZone('2026-11-30T12:00:00Z', 'America/Chicago') // 'Mon, Nov 30, 2026, 6:00 AM CST'
 */
export function atInZone(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timezone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * The days a run covered, in the report's timezone (its end is the next period's first midnight).
 * @example periodInZone(run, 'UTC') // 'Nov 16 – Nov 22, 2026'
 */
export function periodInZone(run: Pick<ReportRun, 'periodStart' | 'periodEnd'>, timezone: string) {
  const day = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: timezone,
  });
  const first = day.format(new Date(run.periodStart));
  // The last instant of the period: a millisecond before its end.
  const last = day.format(new Date(new Date(run.periodEnd).getTime() - 1));
  return first === last ? first : `${first} – ${last}`;
}

export type RunTone = 'ok' | 'retrying' | 'failed' | 'busy';

/** The last run in one sentence, and how it should look. */
export function lastRunText(report: Pick<AutomatedReport, 'lastRun' | 'timezone'>): {
  tone: RunTone;
  text: string;
} | null {
  const run = report.lastRun;
  if (!run) return null;
  const period = periodInZone(run, report.timezone);
  switch (run.status) {
    case 'sent':
      return {
        tone: 'ok',
        text: `Last sent ${atInZone(run.sentAt ?? run.periodEnd, report.timezone)}: ${period}, ${run.baleCount ?? 0} ${run.baleCount === 1 ? 'bale' : 'bales'}.`,
      };
    case 'sending':
      return { tone: 'busy', text: `Sending the report for ${period} now.` };
    case 'pending':
      return run.lastError
        ? {
            tone: 'retrying',
            text: `Sending the report for ${period} failed (attempt ${run.attempts}): ${run.lastError}. It is tried again automatically.`,
          }
        : { tone: 'busy', text: `The report for ${period} is about to be sent.` };
    case 'failed':
      return {
        tone: 'failed',
        text: `The report for ${period} could not be sent after ${run.attempts} attempts: ${run.lastError ?? 'unknown error'}.`,
      };
  }
}

/** Every IANA timezone this browser knows, UTC first. */
export function timezoneChoices(): string[] {
  const zones = Intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The browser's own timezone, the form's default. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
