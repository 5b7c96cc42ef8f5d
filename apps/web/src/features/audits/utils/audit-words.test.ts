import { describe, expect, it } from 'vitest';
import {
  lastAuditLine,
  stackName,
  unexpectedReasonText,
} from '@/features/audits/utils/audit-words';

describe('audit words', () => {
  it('names a stack by its storage area, else by where it lies to 5 decimals', () => {
    expect(stackName({ storage: 'North yard', lat: 46.1, lon: -119.6 })).toBe('North yard');
    expect(stackName({ storage: null, lat: 46.1234567, lon: -119.6 })).toBe(
      'Stack at 46.12346, -119.60000',
    );
  });

  it("says a stack's last audit in a line, the year only when it is not this year's", () => {
    const audit = {
      id: '00000000-0000-4000-8000-00000000a0d1',
      finishedAt: '2026-12-03T15:00:00Z',
      by: 'Sam Miller',
      expectedCount: 42,
      foundCount: 40,
      missingCount: 2,
      unexpectedCount: 0,
    };
    const now = new Date('2026-12-10T12:00:00Z');
    expect(lastAuditLine(audit, now)).toBe('Audited Dec 3 by Sam Miller: 40 found, 2 missing');
    expect(lastAuditLine({ ...audit, unexpectedCount: 3 }, new Date('2027-01-02T12:00:00Z'))).toBe(
      'Audited Dec 3, 2026 by Sam Miller: 40 found, 2 missing, 3 not expected',
    );
  });

  it('says where an unexpected tag is', () => {
    const tag = { tag: 'A1', otherStorage: null };
    expect(unexpectedReasonText({ ...tag, reason: 'otherStack', otherStorage: 'East shed' })).toBe(
      'in the stack at East shed',
    );
    expect(unexpectedReasonText({ ...tag, reason: 'otherStack' })).toBe('in another stack');
    expect(unexpectedReasonText({ ...tag, reason: 'loose' })).toBe('lying loose elsewhere');
    expect(unexpectedReasonText({ ...tag, reason: 'loadedOut' })).toBe('loaded out');
    expect(unexpectedReasonText({ ...tag, reason: 'unknown' })).toBe('not a tag of this farm');
  });
});
