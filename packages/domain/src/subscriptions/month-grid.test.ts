import { describe, expect, it } from 'vitest';
import { earliestCreditMonth, gridMonths, monthGrid, monthState } from './month-grid.ts';

const may10 = Date.parse('2026-05-10T12:00:00Z');

describe('monthState', () => {
  it('names each state from the clock and the credit', () => {
    // A late subscriber may still credit this season's months and last season's.
    expect(monthState(may10, 1, '2026-04', false)).toBe('free');
    expect(monthState(may10, 1, '2025-01', false)).toBe('free');
    expect(monthState(may10, 1, '2024-12', false)).toBe('past');
    expect(monthState(may10, 1, '2026-04', true)).toBe('active');
    expect(monthState(may10, 1, '2026-05', true)).toBe('active');
    expect(monthState(may10, 1, '2026-05', false)).toBe('free');
    expect(monthState(may10, 1, '2026-06', true)).toBe('scheduled');
    expect(monthState(may10, 1, '2026-06', false)).toBe('free');
  });

  it('turns a scheduled month active at its first millisecond, by itself', () => {
    expect(monthState(Date.parse('2026-12-31T23:59:59.999Z'), 1, '2027-01', true)).toBe(
      'scheduled',
    );
    expect(monthState(Date.parse('2027-01-01T00:00:00Z'), 1, '2027-01', true)).toBe('active');
  });

  it('lets last January go on 1 January at 00:00 UTC, not a millisecond before', () => {
    expect(earliestCreditMonth(Date.parse('2026-12-31T23:59:59.999Z'), 1)).toBe('2025-01');
    expect(earliestCreditMonth(Date.parse('2027-01-01T00:00:00Z'), 1)).toBe('2026-01');
    expect(monthState(Date.parse('2027-01-01T00:00:00Z'), 1, '2025-12', false)).toBe('past');
    expect(monthState(Date.parse('2027-01-01T00:00:00Z'), 1, '2026-01', false)).toBe('free');
  });
});

describe('a crop year that does not start in January', () => {
  it('reaches back to the first month of the previous crop year', () => {
    // September crop years: in May 2026 the season is the one begun in September 2025.
    expect(earliestCreditMonth(may10, 9)).toBe('2024-09');
    expect(monthState(may10, 9, '2024-08', false)).toBe('past');
    expect(monthState(may10, 9, '2024-09', false)).toBe('free');
    // From September on a new crop year began, and the window moves a year.
    expect(earliestCreditMonth(Date.parse('2026-09-01T00:00:00Z'), 9)).toBe('2025-09');
  });

  it('shows whole calendar years, the months before the window as past', () => {
    const grid = monthGrid(may10, 9, new Set());
    expect(grid).toHaveLength(36);
    expect(grid[0]).toEqual({ month: '2024-01', state: 'past' });
    expect(grid[7]).toEqual({ month: '2024-08', state: 'past' });
    expect(grid[8]).toEqual({ month: '2024-09', state: 'free' });
    expect(grid[35]).toEqual({ month: '2026-12', state: 'free' });
  });
});

describe('gridMonths', () => {
  it('shows January of last year to December of the current year with January crop years', () => {
    const months = gridMonths(may10, 1);
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2025-01');
    expect(months[23]).toBe('2026-12');
  });

  it('adds next year from December on, and moves a year on 1 January', () => {
    expect(gridMonths(Date.parse('2026-11-30T23:59:59.999Z'), 1)).toHaveLength(24);
    const december = gridMonths(Date.parse('2026-12-01T00:00:00Z'), 1);
    expect(december).toHaveLength(36);
    expect(december.slice(23, 25)).toEqual(['2026-12', '2027-01']);
    expect(december[35]).toBe('2027-12');
    expect(gridMonths(Date.parse('2026-12-31T23:59:59.999Z'), 1)).toEqual(december);
    const january = gridMonths(Date.parse('2027-01-01T00:00:00Z'), 1);
    expect(january).toEqual(december.slice(12));
  });

  it('lists February like any month', () => {
    expect(gridMonths(Date.parse('2028-02-29T00:00:00Z'), 1)[13]).toBe('2028-02');
  });
});

describe('monthGrid', () => {
  it('puts every shown month in its state', () => {
    const grid = monthGrid(may10, 1, new Set(['2026-03', '2026-05', '2026-08', '2025-12']));
    expect(grid.slice(0, 12).map(({ state }) => state)).toEqual([
      ...Array(11).fill('free'),
      'active',
    ]);
    expect(grid.slice(12).map(({ state }) => state)).toEqual([
      'free',
      'free',
      'active',
      'free',
      'active',
      'free',
      'free',
      'scheduled',
      'free',
      'free',
      'free',
      'free',
    ]);
    expect(grid[16]).toEqual({ month: '2026-05', state: 'active' });
  });

  it('shows next year scheduled in December', () => {
    const grid = monthGrid(Date.parse('2026-12-15T00:00:00Z'), 1, new Set(['2027-02']));
    expect(grid.find(({ month }) => month === '2027-02')?.state).toBe('scheduled');
    expect(grid.find(({ month }) => month === '2026-12')?.state).toBe('free');
  });

  it('makes every month active when billing is off', () => {
    const grid = monthGrid(may10, 1, new Set(), 'off');
    expect(grid).toHaveLength(24);
    expect(grid.every(({ state }) => state === 'active')).toBe(true);
  });
});
