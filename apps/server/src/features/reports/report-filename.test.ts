import { describe, expect, it } from 'vitest';
import { fileNamePart, reportFilename } from './report-filename.ts';

const at = (iso: string) => new Date(iso);

describe('fileNamePart', () => {
  it('keeps ASCII letters and digits, hyphen-joined, accents dropped', () => {
    expect(fileNamePart('Prés du Lac "Farm"')).toBe('pres-du-lac-farm');
    expect(fileNamePart('  Smith & Sons / Hay ')).toBe('smith-sons-hay');
    expect(fileNamePart('Ferme Lévesque Ølby')).toBe('ferme-levesque-lby');
  });

  it('falls back to the product name when nothing is left, and stays short', () => {
    expect(fileNamePart('农场')).toBe('baletrack');
    expect(fileNamePart('a'.repeat(100))).toHaveLength(60);
  });
});

describe('reportFilename', () => {
  it('names the days covered, the end day inclusive', () => {
    expect(
      reportFilename('Green Acres', { from: at('2025-06-01T00:00Z'), to: at('2025-07-01T00:00Z') }),
    ).toBe('green-acres-bales-2025-06-01-to-2025-06-30.csv');
    expect(
      reportFilename('Green Acres', { from: at('2025-06-03T00:00Z'), to: at('2025-06-04T00:00Z') }),
    ).toBe('green-acres-bales-2025-06-03.csv');
  });

  it('says which end is open', () => {
    expect(reportFilename('G', { from: at('2025-06-01T00:00Z') })).toBe(
      'g-bales-from-2025-06-01.csv',
    );
    expect(reportFilename('G', { to: at('2025-06-02T00:00Z') })).toBe('g-bales-to-2025-06-01.csv');
    expect(reportFilename('G', {})).toBe('g-bales-all-dates.csv');
  });

  it('names the printable report alike, with its own extension', () => {
    expect(reportFilename('G', { from: at('2025-06-01T00:00Z') }, 'pdf')).toBe(
      'g-bales-from-2025-06-01.pdf',
    );
  });
});
