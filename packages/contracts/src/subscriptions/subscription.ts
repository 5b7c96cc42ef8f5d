import { z } from 'zod';
import { messages } from '../errors/messages.ts';

const m = messages.subscriptions;

/** Most months one request may name in each list: a grid holds at most 24. */
export const MAX_MONTHS_PER_CHANGE = 24;

/** A UTC calendar month, 'YYYY-MM'. */
export const monthSchema = z
  .string({ error: m.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthInvalid);

/**
 * - past: before the current month, without a credit.
 * - active: has a credit and is the current month or earlier.
 * - scheduled: has a credit and is still to come.
 * - free: the current month or a later one, without a credit.
 */
export const monthStates = ['past', 'active', 'scheduled', 'free'] as const;
export type MonthState = (typeof monthStates)[number];

export const gridMonthSchema = z.object({ month: monthSchema, state: z.enum(monthStates) });
export type GridMonth = z.infer<typeof gridMonthSchema>;

/**
 * GET /subscriptions/{balerId}: the baler's month grid, January of the current year on (and the
 * next year's months too from December on).
 */
export const balerSubscriptionSchema = z.object({
  balerId: z.uuid(),
  name: z.string(),
  vin: z.string(),
  autoRenew: z.boolean(),
  months: z.array(gridMonthSchema),
});
export type BalerSubscription = z.infer<typeof balerSubscriptionSchema>;

const monthList = z
  .array(monthSchema, { error: m.monthInvalid })
  .max(MAX_MONTHS_PER_CHANGE, m.tooManyMonths)
  .refine((months) => new Set(months).size === months.length, { error: m.monthRepeated })
  .default([]);

/**
 * POST /subscriptions/{balerId}: apply credits to months, take scheduled months back, switch
 * auto-renew, in one all-or-nothing change. Applying the current month needs
 * `confirmCurrentMonth: true`, since it starts at once and cannot be undone.
 * @example { apply: ['2026-06', '2026-07'], remove: ['2026-09'] }
 * @example { apply: ['2026-05'], confirmCurrentMonth: true }
 * @example { autoRenew: true }
 */
export const changeSubscriptionRequestSchema = z
  .strictObject({
    apply: monthList,
    remove: monthList,
    confirmCurrentMonth: z.boolean().default(false),
    autoRenew: z.boolean().optional(),
  })
  .refine((body) => body.apply.every((month) => !body.remove.includes(month)), {
    error: m.monthRepeated,
    path: ['remove'],
  })
  .refine(
    (body) => body.apply.length > 0 || body.remove.length > 0 || body.autoRenew !== undefined,
    { error: m.nothingToChange },
  );
export type ChangeSubscriptionRequest = z.infer<typeof changeSubscriptionRequestSchema>;
export type ChangeSubscriptionRequestBody = z.input<typeof changeSubscriptionRequestSchema>;
