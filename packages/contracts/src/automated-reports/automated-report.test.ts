import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import {
  createAutomatedReportRequestSchema,
  isValidTimezone,
  updateAutomatedReportRequestSchema,
} from './automated-report.ts';

const m = messages.autoReport;
const report = {
  filterId: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
  frequency: 'weekly',
  timezone: 'America/Chicago',
  units: 'US',
  includeCuttingless: true,
  recipients: ['ann@farm.example', 'buyer@coop.example'],
};
const recipients = (count: number) => Array.from({ length: count }, (_, i) => `r${i}@farm.example`);

describe('createAutomatedReportRequestSchema', () => {
  it('accepts a complete report and normalizes recipients', () => {
    const parsed = createAutomatedReportRequestSchema.parse({
      ...report,
      recipients: [' Ann@Farm.example', 'buyer@coop.example'],
    });
    expect(parsed).toEqual({ ...report, includeYield: false });
  });

  it('attaches the yield only when asked, and says so plainly for a non-boolean', () => {
    const parse = (includeYield: unknown) =>
      createAutomatedReportRequestSchema.parse({ ...report, includeYield }).includeYield;
    expect(parse(undefined)).toBe(false);
    expect(parse(true)).toBe(true);
    expect(parse(false)).toBe(false);
    for (const wrong of ['true', 1, null]) {
      expect(
        issuesOf(createAutomatedReportRequestSchema, { ...report, includeYield: wrong }),
      ).toEqual([{ path: 'includeYield', message: 'includeYield must be true or false.' }]);
    }
  });

  it('accepts exactly 50 recipients', () => {
    const fifty = { ...report, recipients: recipients(50) };
    expect(createAutomatedReportRequestSchema.parse(fifty).recipients).toHaveLength(50);
  });

  it("says 'Maximum report recipients is 50.' at 51", () => {
    expect(
      issuesOf(createAutomatedReportRequestSchema, { ...report, recipients: recipients(51) }),
    ).toEqual([{ path: 'recipients', message: 'Maximum report recipients is 50.' }]);
  });

  it('requires a filter, a frequency and at least one recipient', () => {
    const { filterId: _f, frequency: _q, ...rest } = report;
    expect(issuesOf(createAutomatedReportRequestSchema, { ...rest, recipients: [] })).toEqual([
      { path: 'filterId', message: m.filterRequired },
      { path: 'frequency', message: m.frequencyRequired },
      { path: 'recipients', message: m.recipientRequired },
    ]);
  });

  it('accepts every spec frequency and nothing else', () => {
    for (const frequency of ['none', 'nightly', 'weekly', 'monthly']) {
      expect(createAutomatedReportRequestSchema.safeParse({ ...report, frequency }).success).toBe(
        true,
      );
    }
    expect(issuesOf(createAutomatedReportRequestSchema, { ...report, frequency: 'daily' })).toEqual(
      [{ path: 'frequency', message: m.frequencyRequired }],
    );
  });

  it('rejects a bad recipient address where it is', () => {
    expect(
      issuesOf(createAutomatedReportRequestSchema, { ...report, recipients: ['a@b.co', 'x'] }),
    ).toEqual([{ path: 'recipients.1', message: messages.validation.emailInvalid }]);
  });

  it('rejects the same recipient twice, whatever its case', () => {
    const twice = { ...report, recipients: ['ann@farm.example', 'ANN@farm.example'] };
    expect(issuesOf(createAutomatedReportRequestSchema, twice)).toEqual([
      { path: 'recipients', message: m.duplicateRecipient },
    ]);
  });

  it('rejects an unknown timezone and unit system', () => {
    expect(
      issuesOf(createAutomatedReportRequestSchema, { ...report, timezone: 'Mars/Olympus' }),
    ).toEqual([{ path: 'timezone', message: m.timezoneInvalid }]);
    const metricSI = { ...report, units: 'MetricSI' };
    expect(createAutomatedReportRequestSchema.safeParse(metricSI).success).toBe(false);
  });
});

describe('updateAutomatedReportRequestSchema', () => {
  it('needs the id of the report', () => {
    const id = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    expect(updateAutomatedReportRequestSchema.parse({ ...report, id }).id).toBe(id);
    expect(updateAutomatedReportRequestSchema.safeParse(report).success).toBe(false);
  });
});

describe('isValidTimezone', () => {
  it('knows IANA zones and UTC', () => {
    expect(isValidTimezone('Europe/London')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Central Time')).toBe(false);
  });
});
