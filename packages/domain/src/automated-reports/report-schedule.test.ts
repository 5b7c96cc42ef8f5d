import { describe, expect, it } from 'vitest';
import { latestDuePeriod, nextSendAt, periodLabel } from './report-schedule.ts';

const at = (iso: string) => new Date(iso);
const iso = (p: { start: Date; end: Date; sendAt: Date }) => ({
  start: p.start.toISOString(),
  end: p.end.toISOString(),
  sendAt: p.sendAt.toISOString(),
});

describe('latestDuePeriod', () => {
  it('sends yesterday at 06:00 UTC, and the day before until then', () => {
    expect(iso(latestDuePeriod('nightly', 'UTC', at('2026-11-22T06:00:00Z')))).toEqual({
      start: '2026-11-21T00:00:00.000Z',
      end: '2026-11-22T00:00:00.000Z',
      sendAt: '2026-11-22T06:00:00.000Z',
    });
    expect(iso(latestDuePeriod('nightly', 'UTC', at('2026-11-22T05:59:59Z')))).toEqual({
      start: '2026-11-20T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
      sendAt: '2026-11-21T06:00:00.000Z',
    });
  });

  it('covers Monday to Sunday and goes out Monday 06:00 local time', () => {
    // Monday 30 November 2026, 06:00 in Chicago (CST, UTC−6) is 12:00 UTC.
    expect(iso(latestDuePeriod('weekly', 'America/Chicago', at('2026-11-30T12:00:00Z')))).toEqual({
      start: '2026-11-23T06:00:00.000Z',
      end: '2026-11-30T06:00:00.000Z',
      sendAt: '2026-11-30T12:00:00.000Z',
    });
    // One minute earlier the week before is still the newest due.
    expect(
      latestDuePeriod('weekly', 'America/Chicago', at('2026-11-30T11:59:00Z')).end.toISOString(),
    ).toBe('2026-11-23T06:00:00.000Z');
  });

  it('covers the previous calendar month on the 1st at 06:00', () => {
    expect(iso(latestDuePeriod('monthly', 'Europe/Berlin', at('2026-12-01T05:00:00Z')))).toEqual({
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
      sendAt: '2026-12-01T05:00:00.000Z',
    });
    // 31 January → February is 28 days, not a month from the 31st.
    expect(iso(latestDuePeriod('monthly', 'UTC', at('2027-03-01T06:00:00Z')))).toEqual({
      start: '2027-02-01T00:00:00.000Z',
      end: '2027-03-01T00:00:00.000Z',
      sendAt: '2027-03-01T06:00:00.000Z',
    });
  });

  it('keeps 06:00 on the wall clock across daylight-saving changes', () => {
    // Spring forward in Chicago: Sunday 8 March 2026 02:00 CST → 03:00 CDT. The week of
    // 2–8 March is 167 hours; the mail still goes out at 06:00 CDT (11:00 UTC) on Monday the 9th.
    const spring = latestDuePeriod('weekly', 'America/Chicago', at('2026-03-09T11:00:00Z'));
    expect(iso(spring)).toEqual({
      start: '2026-03-02T06:00:00.000Z',
      end: '2026-03-09T05:00:00.000Z',
      sendAt: '2026-03-09T11:00:00.000Z',
    });
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    // Fall back: Sunday 1 November 2026 02:00 CDT → 01:00 CST; that day has 25 hours.
    const fall = latestDuePeriod('nightly', 'America/Chicago', at('2026-11-02T12:00:00Z'));
    expect(iso(fall)).toEqual({
      start: '2026-11-01T05:00:00.000Z',
      end: '2026-11-02T06:00:00.000Z',
      sendAt: '2026-11-02T12:00:00.000Z',
    });
  });

  it('owes only the newest period after a long downtime', () => {
    const period = latestDuePeriod('nightly', 'UTC', at('2026-11-22T09:00:00Z'));
    expect(period.start.toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });
});

describe('nextSendAt', () => {
  it('is the sending time after now', () => {
    expect(nextSendAt('monthly', 'UTC', at('2026-11-22T00:00:00Z')).toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
    expect(nextSendAt('nightly', 'UTC', at('2026-11-22T05:00:00Z')).toISOString()).toBe(
      '2026-11-22T06:00:00.000Z',
    );
    expect(nextSendAt('nightly', 'UTC', at('2026-11-22T06:00:00Z')).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(nextSendAt('weekly', 'America/Chicago', at('2026-11-25T00:00:00Z')).toISOString()).toBe(
      '2026-11-30T12:00:00.000Z',
    );
  });
});

describe('periodLabel', () => {
  const period = (start: string, end: string) => ({ start: at(start), end: at(end) });
  it('names a day, a week and a month the way a grower reads them', () => {
    expect(periodLabel('nightly', 'UTC', period('2026-11-21T00:00Z', '2026-11-22T00:00Z'))).toBe(
      'Sat, Nov 21, 2026',
    );
    expect(periodLabel('weekly', 'UTC', period('2026-11-16T00:00Z', '2026-11-23T00:00Z'))).toBe(
      'Nov 16 – Nov 22, 2026',
    );
    expect(periodLabel('monthly', 'UTC', period('2026-10-01T00:00Z', '2026-11-01T00:00Z'))).toBe(
      'October 2026',
    );
  });
});
