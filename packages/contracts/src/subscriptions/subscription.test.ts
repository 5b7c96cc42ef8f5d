import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf, messagesAt } from '../testing/issues-of.ts';
import {
  balerSubscriptionSchema,
  changeSubscriptionRequestSchema,
  monthSchema,
  monthStates,
} from './subscription.ts';

const m = messages.subscriptions;

describe('monthSchema', () => {
  it('takes YYYY-MM only', () => {
    expect(monthSchema.parse('2026-05')).toBe('2026-05');
    for (const month of ['2026-5', '2026-13', '2026-00', '2026-05-01', '05-2026', 202605]) {
      expect(messagesAt(monthSchema, month, ''), String(month)).toEqual([m.monthInvalid]);
    }
  });
});

describe('balerSubscriptionSchema', () => {
  it('parses a baler with its month grid', () => {
    const subscription = {
      balerId: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
      name: 'Big square',
      vin: 'BT34LSX7R2H104872',
      autoRenew: true,
      months: monthStates.map((state, index) => ({ month: `2026-0${index + 1}`, state })),
    };
    expect(balerSubscriptionSchema.parse(subscription)).toEqual(subscription);
    const wrong = { ...subscription, months: [{ month: '2026-01', state: 'expired' }] };
    expect(balerSubscriptionSchema.safeParse(wrong).success).toBe(false);
  });
});

describe('changeSubscriptionRequestSchema', () => {
  it('fills in empty lists and no confirmation', () => {
    expect(changeSubscriptionRequestSchema.parse({ apply: ['2026-06', '2026-07'] })).toEqual({
      apply: ['2026-06', '2026-07'],
      remove: [],
      confirmCurrentMonth: false,
    });
    expect(changeSubscriptionRequestSchema.parse({ autoRenew: false })).toEqual({
      apply: [],
      remove: [],
      confirmCurrentMonth: false,
      autoRenew: false,
    });
    const current = { apply: ['2026-05'], confirmCurrentMonth: true };
    expect(changeSubscriptionRequestSchema.parse(current)).toMatchObject(current);
  });

  it('rejects a request that changes nothing', () => {
    for (const body of [{}, { apply: [], remove: [] }, { confirmCurrentMonth: true }]) {
      expect(issuesOf(changeSubscriptionRequestSchema, body)).toEqual([
        { path: '', message: m.nothingToChange },
      ]);
    }
  });

  it('rejects a month named twice, in one list or in both', () => {
    expect(issuesOf(changeSubscriptionRequestSchema, { apply: ['2026-06', '2026-06'] })).toEqual([
      { path: 'apply', message: m.monthRepeated },
    ]);
    const both = { apply: ['2026-06'], remove: ['2026-06'] };
    expect(issuesOf(changeSubscriptionRequestSchema, both)).toEqual([
      { path: 'remove', message: m.monthRepeated },
    ]);
  });

  it('rejects a malformed month at its place in the list', () => {
    expect(issuesOf(changeSubscriptionRequestSchema, { remove: ['2026-06', 'June'] })).toEqual([
      { path: 'remove.1', message: m.monthInvalid },
    ]);
  });

  it('caps each list at 24 months', () => {
    const months = Array.from(
      { length: 25 },
      (_, index) => `${2026 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
    );
    expect(messagesAt(changeSubscriptionRequestSchema, { apply: months }, 'apply')).toEqual([
      m.tooManyMonths,
    ]);
    expect(
      changeSubscriptionRequestSchema.parse({ apply: months.slice(0, 24) }).apply,
    ).toHaveLength(24);
  });

  it('rejects unknown keys rather than ignoring them', () => {
    const body = { months: ['2026-06'], autoRenew: true };
    expect(changeSubscriptionRequestSchema.safeParse(body).success).toBe(false);
  });
});
