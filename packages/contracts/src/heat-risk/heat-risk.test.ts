import { describe, expect, it } from 'vitest';
import { heatRiskBaleTitle } from './heat-risk.ts';

describe('a watch-list bale as people know it', () => {
  it('is named by its tag serial, an untagged one by when it was made (UTC)', () => {
    const made = '2025-06-08T12:34:56.000Z';
    expect(heatRiskBaleTitle({ tagSerialNumber: 'A0042', creationTime: made })).toBe('Bale A0042');
    expect(heatRiskBaleTitle({ tagSerialNumber: null, creationTime: made })).toBe(
      'Untagged bale made 2025-06-08 12:34 UTC',
    );
  });
});
