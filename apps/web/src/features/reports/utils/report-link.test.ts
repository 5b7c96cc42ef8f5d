import { describe, expect, it } from 'vitest';
import { selectionSearch } from '@/features/reports/utils/report-link';

describe('selectionSearch', () => {
  it('keeps the dates, the year and the filter, and nothing else', () => {
    const params = new URLSearchParams(
      'bale=B1&year=2025&from=2025-06-01&to=2025-06-30&filter=0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d&stack=S',
    );
    expect(selectionSearch(params)).toBe(
      'year=2025&from=2025-06-01&to=2025-06-30&filter=0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
    );
    expect(selectionSearch(new URLSearchParams('bale=B1'))).toBe('');
  });
});
