import { describe, expect, it } from 'vitest';
import { stackGrade } from './stack-grade.ts';

describe('stackGrade', () => {
  it('grades the average of its bales (USDA RFV bounds: Premium 170–185)', () => {
    const grade = stackGrade([
      { kind: 'legume', rfv: 180 },
      { kind: 'legume', rfv: 160 },
    ]);
    expect(grade).toEqual({ grade: 'legume.Premium', basis: 'rfv', value: 170 });
  });

  it('uses the legume table when any bale is a legume, ignoring ungraded bales', () => {
    const grade = stackGrade([
      { kind: 'grass', protein: 10, rfv: 120 },
      { kind: 'legume', protein: 20, rfv: 140 },
      { kind: null, rfv: 200 },
    ]);
    expect(grade?.grade).toBe('legume.Fair');
  });

  it('grades an all-grass stack by its average CP (Premium above 13)', () => {
    expect(
      stackGrade([
        { kind: 'grass', protein: 14 },
        { kind: 'grass', protein: 12.5 },
      ])?.grade,
    ).toBe('grass.Premium');
  });

  it('is ungraded with no crop', () => {
    expect(stackGrade([{ kind: null, rfv: 190 }])).toBeNull();
  });
});
