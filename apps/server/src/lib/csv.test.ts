import { describe, expect, it } from 'vitest';
import { csvLine, numberCell, textCell } from './csv.ts';

describe('textCell', () => {
  it('writes plain text as it is and nothing for a missing value', () => {
    expect(textCell('North 40')).toBe('North 40');
    expect(textCell('Prés')).toBe('Prés');
    expect([textCell(null), textCell(undefined), textCell('')]).toEqual(['', '', '']);
  });

  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180)', () => {
    expect(textCell('North 40, "Home"')).toBe('"North 40, ""Home"""');
    expect(textCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('neutralizes cells a spreadsheet would run as a formula', () => {
    expect(textCell('=1+1')).toBe("'=1+1");
    expect(textCell('+41 79')).toBe("'+41 79");
    expect(textCell('-5')).toBe("'-5");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('\tx')).toBe("'\tx");
    expect(textCell('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
    expect(textCell('a=b')).toBe('a=b');
  });
});

describe('numberCell', () => {
  it('rounds to the digits asked, without trailing zeros, grouping or a negative zero', () => {
    expect(numberCell(1410.958478, 2)).toBe('1410.96');
    expect(numberCell(440.00000000000006, 2)).toBe('440');
    expect(numberCell(-0.0001, 2)).toBe('0');
    expect(numberCell(1234567.5)).toBe('1234567.5');
  });

  it('writes what the number rounded to those digits reads as, for values of every size', () => {
    // The shortest text of the rounded number, as `String(Number(x.toFixed(d)))` gives it.
    const reference = (x: number, d: number) => String(Number(x.toFixed(d)) || 0);
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const values = [0, -0, 0.5, 1.005, 1.45, 999_999_999.999_999, 1e9, 1e21, 1e30, -1e-7, 2 ** 53];
    for (let i = 0; i < 20_000; i += 1) {
      values.push((random() - 0.5) * 10 ** Math.floor(random() * 24 - 8));
    }
    for (const value of values) {
      for (let digits = 0; digits <= 8; digits += 1) {
        expect(numberCell(value, digits), `${value} to ${digits}`).toBe(reference(value, digits));
      }
    }
  });

  it('keeps the minus sign of a number and writes nothing for a missing one', () => {
    expect(numberCell(-120.5)).toBe('-120.5');
    expect([numberCell(null), numberCell(undefined), numberCell(Number.NaN)]).toEqual(['', '', '']);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', '"b,c"', ''])).toBe('a,"b,c",\r\n');
  });
});
