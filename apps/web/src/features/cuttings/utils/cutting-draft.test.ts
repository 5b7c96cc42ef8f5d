import { messages } from '@baletrack/contracts/errors/messages';
import { describe, expect, it } from 'vitest';
import { type CuttingDraft, cuttingDraftOf, cuttingRequest, fieldNames } from './cutting-draft';

const field = '5b7a7f3e-0f5c-4c47-9d1c-0d6e5c1e8a11';
const crop = '9c3c2a8e-7e0b-4a5f-8f51-2f4c1b6a9d22';
const draft: CuttingDraft = {
  name: '1st cutting',
  startDate: '2026-05-20',
  endDate: '2026-06-02',
  year: 2026,
  fieldIds: [field],
  cropId: crop,
};

describe('cuttingRequest', () => {
  it('accepts a cutting with a crop and a field', () => {
    expect(cuttingRequest(draft)).toEqual({ request: draft, problems: {} });
  });

  it('refuses an end before the start, with the shared message', () => {
    const { request, problems } = cuttingRequest({ ...draft, endDate: '2026-05-01' });
    expect(request).toBeUndefined();
    expect(problems.endDate).toBe(messages.validation.endBeforeStart);
  });

  it('refuses a crop without fields, as docs/product.md#validation-rules words it', () => {
    const { problems } = cuttingRequest({ ...draft, fieldIds: [] });
    expect(problems.fieldIds).toBe(messages.fieldCuttingCrop.cuttingNeedsField);
  });

  it('allows a cutting without crop and fields, and asks for name and dates', () => {
    expect(cuttingRequest({ ...draft, fieldIds: [], cropId: null }).request).toBeDefined();
    const { problems } = cuttingRequest({ ...draft, name: '', startDate: '', endDate: '' });
    expect(problems).toMatchObject({
      name: messages.validation.nameRequired,
      startDate: messages.validation.dateInvalid,
      endDate: messages.validation.dateInvalid,
    });
  });
});

describe('cuttingDraftOf and fieldNames', () => {
  it('starts a new cutting empty in the chosen year', () => {
    expect(cuttingDraftOf(undefined, 2027)).toMatchObject({ year: 2027, name: '', cropId: null });
  });

  it('lists field names in order, skipping unknown ids', () => {
    const names = new Map([
      ['a', 'South'],
      ['b', 'North'],
    ]);
    expect(fieldNames(['a', 'x', 'b'], names)).toBe('North, South');
  });
});
