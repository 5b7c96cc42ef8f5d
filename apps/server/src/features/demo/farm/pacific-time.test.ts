import { describe, expect, it } from 'vitest';
import { atPacificHour, pacificDate, pacificHour } from './pacific-time.ts';

describe('pacific time', () => {
  it('reads the hour and date seven hours behind UTC', () => {
    expect(pacificHour(Date.UTC(2026, 5, 1, 16, 30))).toBe(9.5);
    expect(pacificHour(Date.UTC(2026, 5, 2, 3))).toBe(20);
    expect(pacificDate(Date.UTC(2026, 5, 2, 3))).toBe('2026-06-01');
    expect(pacificDate(Date.UTC(2026, 5, 2, 7))).toBe('2026-06-02');
  });

  it('finds an hour on the same Pacific day', () => {
    expect(new Date(atPacificHour(Date.UTC(2026, 5, 2, 3), 7)).toISOString()).toBe(
      '2026-06-01T14:00:00.000Z',
    );
    expect(new Date(atPacificHour(Date.UTC(2026, 5, 1, 20), 9)).toISOString()).toBe(
      '2026-06-01T16:00:00.000Z',
    );
  });
});
