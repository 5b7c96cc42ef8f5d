import { describe, expect, it } from 'vitest';
import { parseTags } from './parse-tags.ts';

describe('parseTags', () => {
  it('reads tags a line each, or separated by commas, semicolons or spaces, each once', () => {
    expect(parseTags('A0041\nA0042\r\n  A0043  ')).toEqual(['A0041', 'A0042', 'A0043']);
    expect(parseTags('A0041, A0042;A0043 A0041')).toEqual(['A0041', 'A0042', 'A0043']);
  });

  it('has none in blank text', () => {
    expect(parseTags(' \n , ')).toEqual([]);
  });
});
