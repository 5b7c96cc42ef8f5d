import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import { cuttingSchema, saveCuttingRequestSchema } from './cutting.ts';

const cutting = {
  name: 'First cutting',
  startDate: '2025-05-20',
  endDate: '2025-05-28',
  fieldIds: ['6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'],
  cropId: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
  year: 2025,
};

describe('saveCuttingRequestSchema', () => {
  it('accepts a cutting with a crop and a field', () => {
    expect(saveCuttingRequestSchema.parse(cutting)).toEqual(cutting);
  });

  it('needs at least 1 field when a crop is set', () => {
    expect(issuesOf(saveCuttingRequestSchema, { ...cutting, fieldIds: [] })).toEqual([
      { path: 'fieldIds', message: 'A cutting associated with a crop requires at least 1 field.' },
    ]);
  });

  it('allows no fields when there is no crop', () => {
    const bare = { ...cutting, cropId: null, fieldIds: [] };
    expect(saveCuttingRequestSchema.parse(bare)).toEqual(bare);
  });

  it('rejects an end before the start, on endDate', () => {
    expect(issuesOf(saveCuttingRequestSchema, { ...cutting, endDate: '2025-05-19' })).toEqual([
      { path: 'endDate', message: messages.validation.endBeforeStart },
    ]);
  });

  it('accepts a one-day cutting', () => {
    const oneDay = { ...cutting, endDate: cutting.startDate };
    expect(saveCuttingRequestSchema.parse(oneDay)).toEqual(oneDay);
  });

  it('rejects a year that is not a plausible crop year', () => {
    for (const year of [1999, 2101, 2025.5]) {
      expect(issuesOf(saveCuttingRequestSchema, { ...cutting, year })).toEqual([
        { path: 'year', message: messages.fieldCuttingCrop.yearInvalid },
      ]);
    }
  });
});

describe('cuttingSchema', () => {
  it('gives the saved cutting an id', () => {
    const id = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    expect(cuttingSchema.parse({ ...cutting, id })).toEqual({ ...cutting, id });
  });
});
