import { describe, expect, it } from 'vitest';
import { callsForRfq, forageKindOfCrops, hayGrade, hayGradeLabel, hayGrades } from './hay-grade.ts';
import { qualityGrade } from './quality-grade.ts';

// Bounds of the USDA AMS Market News hay quality guidelines (docs/product.md#quality-grades):
// legumes RFV Supreme > 185, Premium 170–185, Good 150–170, Fair 130–150, Utility < 130;
// CP Supreme > 22, Premium 20–22, Good 18–20, Fair 16–18, Utility < 16; grass CP Premium > 13,
// Good 9–13, Fair 5–9, Low < 5.
const grade = (...args: Parameters<typeof hayGrade>) => hayGrade(...args)?.grade ?? null;

describe('hayGrade', () => {
  it('grades legumes by RFV at the USDA bounds', () => {
    expect(grade('legume', { rfv: 185.1 })).toBe('legume.Supreme');
    expect(grade('legume', { rfv: 185 })).toBe('legume.Premium');
    expect(grade('legume', { rfv: 170 })).toBe('legume.Premium');
    expect(grade('legume', { rfv: 169.9 })).toBe('legume.Good');
    expect(grade('legume', { rfv: 150 })).toBe('legume.Good');
    expect(grade('legume', { rfv: 149.9 })).toBe('legume.Fair');
    expect(grade('legume', { rfv: 130 })).toBe('legume.Fair');
    expect(grade('legume', { rfv: 129.9 })).toBe('legume.Utility');
  });

  it('grades legumes by RFV even when CP would say better', () => {
    expect(hayGrade('legume', { rfv: 160, protein: 23 })).toEqual({
      grade: 'legume.Good',
      basis: 'rfv',
      value: 160,
    });
  });

  it('computes RFV from ADF and NDF, then falls back to CP on the legume table', () => {
    // ADF 30, NDF 40: RFV 152 (docs/product.md#formulas).
    expect(grade('legume', { adf: 30, ndf: 40 })).toBe('legume.Good');
    expect(grade('legume', { protein: 22.1 })).toBe('legume.Supreme');
    expect(grade('legume', { protein: 20 })).toBe('legume.Premium');
    expect(grade('legume', { protein: 15.9 })).toBe('legume.Utility');
    expect(hayGrade('legume', {})).toBeNull();
  });

  it('grades by RFQ on the RFV bounds when the crop calls for it and RFQ is known', () => {
    expect(hayGrade('legume', { rfv: 160, rfq: 190 }, { rfq: true })).toEqual({
      grade: 'legume.Supreme',
      basis: 'rfq',
      value: 190,
    });
    expect(grade('legume', { rfv: 160, rfq: 190 })).toBe('legume.Good');
    expect(grade('legume', { rfv: 160 }, { rfq: true })).toBe('legume.Good');
  });

  it('grades grass by crude protein only', () => {
    expect(grade('grass', { protein: 13.1, rfv: 90 })).toBe('grass.Premium');
    expect(grade('grass', { protein: 13 })).toBe('grass.Good');
    expect(grade('grass', { protein: 9 })).toBe('grass.Good');
    expect(grade('grass', { protein: 8.9 })).toBe('grass.Fair');
    expect(grade('grass', { protein: 5 })).toBe('grass.Fair');
    expect(grade('grass', { protein: 4.9 })).toBe('grass.Low');
    expect(hayGrade('grass', { rfv: 200 })).toBeNull();
  });

  it('leaves a bale with no crop ungraded', () => {
    expect(hayGrade(null, { rfv: 200, protein: 20 })).toBeNull();
  });

  it('agrees with the grade the summaries count by', () => {
    const samples = [
      { rfv: 186 },
      { rfv: 131, protein: 23 },
      { adf: 26, ndf: 32 },
      { protein: 17 },
      { protein: 4 },
      { protein: 11, adf: 40, ndf: 55 },
    ];
    for (const kind of ['legume', 'grass'] as const) {
      for (const values of samples) {
        const old = qualityGrade(kind, values);
        expect(grade(kind, values)).toBe(old === null ? null : `${kind}.${old}`);
      }
    }
  });
});

describe('the crop decides the table', () => {
  it('is legume when any cutting crop is a legume or a mix, grass otherwise, none without crops', () => {
    expect(forageKindOfCrops(['Alfalfa'])).toBe('legume');
    expect(forageKindOfCrops(['Timothy', 'Red clover'])).toBe('legume');
    expect(forageKindOfCrops(['Timothy'])).toBe('grass');
    expect(forageKindOfCrops([])).toBeNull();
  });

  it('calls for RFQ on legume-grass mixes only', () => {
    expect(callsForRfq('Alfalfa/orchardgrass')).toBe(true);
    expect(callsForRfq('Clover-timothy mix')).toBe(true);
    expect(callsForRfq('Alfalfa')).toBe(false);
    expect(callsForRfq('Timothy')).toBe(false);
  });
});

describe('hayGradeLabel', () => {
  it('names the table only where both tables share a grade name', () => {
    expect(hayGrades.map(hayGradeLabel)).toEqual([
      'Supreme',
      'Premium (legume)',
      'Good (legume)',
      'Fair (legume)',
      'Utility',
      'Premium (grass)',
      'Good (grass)',
      'Fair (grass)',
      'Low',
    ]);
  });
});
