import { describe, expect, it } from 'vitest';
import { usesCheckDigit, vinCheckDigit, vinProblem } from './vin.ts';

// The demo farm's balers: WMI 'BT', outside North America, so position 9 is free.
const demoVins = [
  'BT34LSX7R2H104872',
  'BT5FRND9M1K207315',
  'BT34LSX7R2H104901',
  'BT5FRND9M1K207402',
  'BT44LSX3P5J318803',
];

describe('vinCheckDigit', () => {
  it('computes the North American check digit, 10 written as X', () => {
    // The worked example of the check digit (a 1989 Mercedes-Benz chassis).
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    // All ones: 1 × (sum of the weights, 89) mod 11 = 1.
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('ignores position 9 itself (weight 0)', () => {
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });
});

describe('vinProblem', () => {
  it('accepts well-known valid VINs', () => {
    for (const vin of ['1M8GDM9AXKP042788', '1HGCM82633A004352', '11111111111111111']) {
      expect(vinProblem(vin), vin).toBeNull();
    }
  });

  it('accepts the demo VINs', () => {
    for (const vin of demoVins) expect(vinProblem(vin), vin).toBeNull();
  });

  it('requires the check digit in North America only', () => {
    expect(usesCheckDigit('1M8GDM9AXKP042788')).toBe(true);
    expect(usesCheckDigit('5YJ3E1EA7KF317000')).toBe(true);
    expect(usesCheckDigit('6FPPXXMJ2PCD55430')).toBe(false);
    expect(usesCheckDigit('BT34LSX7R2H104872')).toBe(false);
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('check-digit-mismatch');
    expect(vinProblem('1M8GDM9AXKP042789')).toBe('check-digit-mismatch');
    expect(vinProblem('2T1BURHE0JC043821')).toBe('check-digit-mismatch');
    // The same wrong 9th character is fine where the region does not use check digits.
    expect(vinProblem('WM8GDM9A1KP042788')).toBeNull();
  });

  it('needs exactly 17 characters', () => {
    expect(vinProblem('')).toBe('wrong-length');
    expect(vinProblem('1M8GDM9AXKP04278')).toBe('wrong-length');
    expect(vinProblem('1M8GDM9AXKP0427880')).toBe('wrong-length');
  });

  it('names I, O and Q apart from other characters', () => {
    expect(vinProblem('1M8GDM9AXKP0427O8')).toBe('forbidden-letter');
    expect(vinProblem('BT34LSX7R2H1O4872')).toBe('forbidden-letter');
    expect(vinProblem('BT34LSX7R2H10487Q')).toBe('forbidden-letter');
    expect(vinProblem('BT34LSX7I2H104872')).toBe('forbidden-letter');
    expect(vinProblem('BT34LSX7R2H10487-')).toBe('invalid-character');
    expect(vinProblem('BT34LSX7R2H10487 ')).toBe('invalid-character');
    expect(vinProblem('bt34lsx7r2h104872')).toBe('invalid-character');
  });
});
