import { describe, expect, it } from 'vitest';
import { clashingNames, uniqueImportNames } from './import-names';

describe('uniqueImportNames', () => {
  it('numbers names taken by existing fields or earlier imports, regardless of case', () => {
    expect(uniqueImportNames(['North', 'north', 'South'], ['NORTH', 'North (2)'])).toEqual([
      'North (3)',
      'north (4)',
      'South',
    ]);
  });

  it('names blank features by their place in the file', () => {
    expect(uniqueImportNames(['', '  ', 'Field 1'], [])).toEqual([
      'Field 1',
      'Field 2',
      'Field 1 (2)',
    ]);
  });

  it('keeps numbered names within the length limit', () => {
    const long = 'x'.repeat(100);
    const [renamed = ''] = uniqueImportNames([long], [long]);
    expect(renamed).toHaveLength(100);
    expect(renamed.endsWith(' (2)')).toBe(true);
  });
});

describe('clashingNames', () => {
  it('finds chosen names that clash with fields or each other, ignoring unchosen ones', () => {
    const names = ['North', 'south', 'South', 'East'];
    expect([...clashingNames(names, [true, true, true, false], ['north'])]).toEqual([0, 1, 2]);
    expect([...clashingNames(names, [false, true, false, true], ['north'])]).toEqual([]);
  });
});
