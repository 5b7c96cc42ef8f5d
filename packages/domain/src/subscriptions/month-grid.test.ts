import { describe, expect, it } from 'vitest';
import { gridMonths, monthGrid, monthState } from './month-grid.ts';

const may10 = Date.parse('2026-05-10T12:00:00Z');

describe('monthState', () => {
  it('names each state from the clock and the credit', () => {
    expect(monthState(may10, '2026-04', false)).toBe('past');
    expect(monthState(may10, '2026-04', true)).toBe('active');
    expect(monthState(may10, '2026-05', true)).toBe('active');
    expect(monthState(may10, '2026-05', false)).toBe('free');
    expect(monthState(may10, '2026-06', true)).toBe('scheduled');
    expect(monthState(may10, '2026-06', false)).toBe('free');
  });

  it('turns a scheduled month active at its first millisecond, by itself', () => {
    expect(monthState(Date.parse('2026-12-31T23:59:59.999Z'), '2027-01', true)).toBe('scheduled');
    expect(monthState(Date.parse('2027-01-01T00:00:00Z'), '2027-01', true)).toBe('active');
    expect(monthState(Date.parse('2027-01-01T00:00:00Z'), '2026-12', false)).toBe('past');
  });
});

describe('gridMonths', () => {
  it('shows January to December of the current year', () => {
    const months = gridMonths(may10);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-01');
    expect(months[11]).toBe('2026-12');
  });

  it('adds next year from December on, and drops the old year on 1 January', () => {
    expect(gridMonths(Date.parse('2026-11-30T23:59:59.999Z'))).toHaveLength(12);
    const december = gridMonths(Date.parse('2026-12-01T00:00:00Z'));
    expect(december).toHaveLength(24);
    expect(december.slice(11, 13)).toEqual(['2026-12', '2027-01']);
    expect(december[23]).toBe('2027-12');
    expect(gridMonths(Date.parse('2026-12-31T23:59:59.999Z'))).toEqual(december);
    const january = gridMonths(Date.parse('2027-01-01T00:00:00Z'));
    expect(january).toEqual(december.slice(12));
  });

  it('lists February like any month', () => {
    expect(gridMonths(Date.parse('2028-02-29T00:00:00Z'))[1]).toBe('2028-02');
  });
});

describe('monthGrid', () => {
  it('puts every shown month in its state', () => {
    const grid = monthGrid(may10, new Set(['2026-03', '2026-05', '2026-08', '2025-12']));
    expect(grid.map(({ state }) => state)).toEqual([
      'past',
      'past',
      'active',
      'past',
      'active',
      'free',
      'free',
      'scheduled',
      'free',
      'free',
      'free',
      'free',
    ]);
    expect(grid[4]).toEqual({ month: '2026-05', state: 'active' });
  });

  it('shows next year scheduled in December', () => {
    const grid = monthGrid(Date.parse('2026-12-15T00:00:00Z'), new Set(['2027-02']));
    expect(grid.find(({ month }) => month === '2027-02')?.state).toBe('scheduled');
    expect(grid.find(({ month }) => month === '2026-12')?.state).toBe('free');
  });

  it('makes every month active when billing is off', () => {
    const grid = monthGrid(may10, new Set(), 'off');
    expect(grid).toHaveLength(12);
    expect(grid.every(({ state }) => state === 'active')).toBe(true);
  });
});
