import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { messagesAt } from '../testing/issues-of.ts';
import { reportCsvQuerySchema } from './report.ts';

const filterId = '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d';

describe('reportCsvQuerySchema', () => {
  it('takes a filter, the dates, the units and the cuttingless switch as query text', () => {
    expect(
      reportCsvQuerySchema.parse({
        filterId,
        year: '2025',
        units: 'US',
        includeCuttingless: 'false',
      }),
    ).toEqual({ filterId, year: 2025, units: 'US', includeCuttingless: false });
  });

  it('keeps bales without a cutting and leaves the units to the settings by default', () => {
    expect(reportCsvQuerySchema.parse({ filterId })).toEqual({
      filterId,
      includeCuttingless: true,
    });
  });

  it('says a report needs a filter when none is given', () => {
    expect(messagesAt(reportCsvQuerySchema, {}, 'filterId')).toEqual([
      messages.reports.filterRequired,
    ]);
    expect(messagesAt(reportCsvQuerySchema, { filterId: 'nope' }, 'filterId')).toEqual([
      'filterId must be a filter id.',
    ]);
  });

  it('refuses other units and switch values', () => {
    expect(messagesAt(reportCsvQuerySchema, { filterId, units: 'SI' }, 'units')).toEqual([
      'units must be one of Metric, Imperial, US.',
    ]);
    expect(
      messagesAt(
        reportCsvQuerySchema,
        { filterId, includeCuttingless: 'yes' },
        'includeCuttingless',
      ),
    ).toEqual(['includeCuttingless must be true or false.']);
  });
});
