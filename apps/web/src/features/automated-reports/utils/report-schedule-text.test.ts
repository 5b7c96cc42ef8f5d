import { describe, expect, it } from 'vitest';
import { atInZone, lastRunText, periodInZone } from './report-schedule-text.ts';

const run = {
  periodStart: '2026-11-16T06:00:00.000Z',
  periodEnd: '2026-11-23T06:00:00.000Z',
  status: 'sent' as const,
  attempts: 1,
  sentAt: '2026-11-23T12:00:01.000Z',
  baleCount: 12,
  lastError: null,
};

describe('report schedule text', () => {
  it("reads times in the report's own timezone", () => {
    expect(atInZone('2026-11-30T12:00:00Z', 'America/Chicago')).toBe(
      'Mon, Nov 30, 2026, 6:00 AM CST',
    );
  });

  it('names the days a period covered, its last day being the one before its end', () => {
    expect(periodInZone(run, 'America/Chicago')).toBe('Nov 16, 2026 – Nov 22, 2026');
    expect(
      periodInZone(
        { periodStart: '2026-11-21T00:00:00Z', periodEnd: '2026-11-22T00:00:00Z' },
        'UTC',
      ),
    ).toBe('Nov 21, 2026');
  });

  it('says when the last report went out, or why it did not', () => {
    expect(lastRunText({ timezone: 'America/Chicago', lastRun: run })).toEqual({
      tone: 'ok',
      text: 'Last sent Mon, Nov 23, 2026, 6:00 AM CST: Nov 16, 2026 – Nov 22, 2026, 12 bales.',
    });
    expect(
      lastRunText({
        timezone: 'UTC',
        lastRun: { ...run, status: 'pending', attempts: 2, sentAt: null, lastError: 'SMTP down' },
      }),
    ).toEqual({
      tone: 'retrying',
      text: 'Sending the report for Nov 16, 2026 – Nov 23, 2026 failed (attempt 2): SMTP down. It is tried again automatically.',
    });
    expect(lastRunText({ timezone: 'UTC', lastRun: null })).toBeNull();
  });
});
