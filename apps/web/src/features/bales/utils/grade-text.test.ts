import { describe, expect, it } from 'vitest';
import { gradeText } from '@/features/bales/utils/grade-text';

describe('gradeText', () => {
  it('names the grade and what decided it', () => {
    expect(gradeText({ grade: 'legume.Good', basis: 'rfv', value: 160.4 }, true)).toBe(
      'Good (legume) · RFV 160',
    );
    expect(gradeText({ grade: 'legume.Supreme', basis: 'rfq', value: 190 }, true)).toBe(
      'Supreme · RFQ 190',
    );
    expect(gradeText({ grade: 'grass.Good', basis: 'protein', value: 10 }, false)).toBe(
      'Good (grass) · CP 10 %',
    );
  });

  it('leaves the RFV number out when RFV is off, and shows nothing ungraded', () => {
    expect(gradeText({ grade: 'legume.Fair', basis: 'rfv', value: 140 }, false)).toBe(
      'Fair (legume)',
    );
    expect(gradeText(null, true)).toBeNull();
  });
});
