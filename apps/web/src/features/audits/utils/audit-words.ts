import type {
  AuditResult,
  AuditStack,
  AuditSummary,
  RecordAudit,
} from '@baletrack/contracts/audits/audits';
import { DEFAULT_LOCALE } from '@baletrack/contracts/constants';
import { formatNumber } from '@/lib/format';

// How the audit screens name stacks, audits and unexpected tags.

const dayAndMonth = new Intl.DateTimeFormat(DEFAULT_LOCALE, { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A stack by its storage area, else by where it lies. */
export function stackName(stack: Pick<AuditStack, 'storage' | 'lat' | 'lon'>): string {
  return stack.storage ?? `Stack at ${stack.lat.toFixed(5)}, ${stack.lon.toFixed(5)}`;
}

/** The stack of a finished audit waiting to be sent. */
export function finishedStackName(audit: RecordAudit): string {
  return stackName({ storage: audit.storage, lat: audit.stack.lat, lon: audit.stack.lon });
}

/** 'Dec 3', with the year when it is not this year's. */
export function auditDay(iso: string, now = new Date()): string {
  const day = new Date(iso);
  return (day.getFullYear() === now.getFullYear() ? dayAndMonth : dayMonthYear).format(day);
}

/** 'Audited Dec 3 by Sam: 40 found, 2 missing'. */
export function lastAuditLine(audit: AuditSummary, now = new Date()): string {
  const unexpected =
    audit.unexpectedCount > 0 ? `, ${formatNumber(audit.unexpectedCount)} not expected` : '';
  return `Audited ${auditDay(audit.finishedAt, now)} by ${audit.by}: ${formatNumber(audit.foundCount)} found, ${formatNumber(audit.missingCount)} missing${unexpected}`;
}

/** Where a tag that was not expected in the stack is, in words. */
export function unexpectedReasonText(tag: AuditResult['unexpected'][number]): string {
  switch (tag.reason) {
    case 'otherStack':
      return tag.otherStorage ? `in the stack at ${tag.otherStorage}` : 'in another stack';
    case 'loose':
      return 'lying loose elsewhere';
    case 'loadedOut':
      return 'loaded out';
    case 'unknown':
      return 'not a tag of this farm';
  }
}
