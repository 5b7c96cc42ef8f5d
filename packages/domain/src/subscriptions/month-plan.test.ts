import { describe, expect, it } from 'vitest';
import { planMonthChanges } from './month-plan.ts';

const may10 = Date.parse('2026-05-10T12:00:00Z');
const none = { apply: [], remove: [], confirmCurrentMonth: false };

describe('planMonthChanges', () => {
  it('debits applied months and refunds removed ones', () => {
    const plan = planMonthChanges(
      may10,
      1,
      new Set(['2026-08', '2026-09']),
      { apply: ['2026-05', '2026-06'], remove: ['2026-09'], confirmCurrentMonth: true },
      5,
    );
    expect(plan).toEqual({
      ok: true,
      activate: ['2026-05'],
      schedule: ['2026-06'],
      refund: ['2026-09'],
      credits: -1,
    });
  });

  it('lets a refund pay for a month applied in the same request', () => {
    const plan = planMonthChanges(
      may10,
      1,
      new Set(['2026-08']),
      { ...none, apply: ['2026-07'], remove: ['2026-08'] },
      0,
    );
    expect(plan).toMatchObject({ ok: true, schedule: ['2026-07'], credits: 0 });
  });

  it('refuses the whole request when the wallet is short', () => {
    expect(
      planMonthChanges(may10, 1, new Set(), { ...none, apply: ['2026-06', '2026-07'] }, 1),
    ).toEqual({ ok: false, reason: 'not-enough-credits', needed: 2, available: 1 });
  });

  it('names the first month that cannot change', () => {
    const request = { ...none, apply: ['2026-06', '2024-04'] };
    expect(planMonthChanges(may10, 1, new Set(), request, 10)).toEqual({
      ok: false,
      reason: 'past-month',
      month: '2024-04',
    });
    const current = { ...none, apply: ['2026-05'] };
    expect(planMonthChanges(may10, 1, new Set(), current, 10)).toEqual({
      ok: false,
      reason: 'needs-confirmation',
      month: '2026-05',
    });
  });

  it('never debits a month twice', () => {
    expect(
      planMonthChanges(may10, 1, new Set(), { ...none, apply: ['2026-06', '2026-06'] }, 10),
    ).toEqual({ ok: false, reason: 'already-applied', month: '2026-06' });
    expect(
      planMonthChanges(
        may10,
        1,
        new Set(['2026-06']),
        { ...none, remove: ['2026-06', '2026-06'] },
        0,
      ),
    ).toEqual({ ok: false, reason: 'not-applied', month: '2026-06' });
  });

  it('changes nothing for an empty request', () => {
    expect(planMonthChanges(may10, 1, new Set(['2026-06']), none, 0)).toEqual({
      ok: true,
      activate: [],
      schedule: [],
      refund: [],
      credits: 0,
    });
  });
});
