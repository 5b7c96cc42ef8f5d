import { z } from 'zod';
import { gradeBases, hayGradeSchema } from './hay-grade.ts';

/** The ton a price is per: short ton (Imperial US), long ton (Imperial UK), tonne (metric). */
export const priceUnits = ['shortTon', 'longTon', 'tonne'] as const;
export type PriceUnit = (typeof priceUnits)[number];

/** The inventory's own words (docs/product.md#beyond-the-spec-quality-and-value). */
export const inventoryMessages = {
  priceInvalid: 'Enter a price from 0 to 1,000,000, in whole cents.',
  premiumInvalid: 'Enter a premium from 0 to 1,000,000, in whole cents, or leave it empty.',
  dateInvalid: 'Enter the day the price takes effect.',
  dateOutOfRange: 'Enter a day from 1970 to 2099.',
  premiumForGrass:
    'A premium per RFV point applies to legume grades only (grass is graded by protein); leave it empty.',
} as const;

// Whole cents: a price of 0.001 was stored, listed as '0.00 per ton' and still valued hay.
const inCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const money = (error: string) =>
  z.number({ error }).min(0, error).max(1_000_000, error).finite(error).refine(inCents, error);
const isoDate = z.iso
  .date({ error: inventoryMessages.dateInvalid })
  .refine((day) => day >= '1970-01-01' && day <= '2099-12-31', inventoryMessages.dateOutOfRange);

/**
 * POST /inventory/prices: a grade's price per ton (the organization's units decide which) from a
 * day on. A change is a new row; older rows stay, so values can be recomputed as they stood.
 */
export const savePriceRequestSchema = z
  .object({
    grade: hayGradeSchema,
    price: money(inventoryMessages.priceInvalid),
    /** Added per RFV (or RFQ) point above the grade's lower bound; legume grades only. */
    premiumPerRfvPoint: money(inventoryMessages.premiumInvalid).nullable(),
    effectiveFrom: isoDate,
  })
  .refine((body) => body.premiumPerRfvPoint === null || body.grade.startsWith('legume.'), {
    error: inventoryMessages.premiumForGrass,
    path: ['premiumPerRfvPoint'],
  });
export type SavePriceRequest = z.infer<typeof savePriceRequestSchema>;

export const gradePriceSchema = savePriceRequestSchema.extend({
  id: z.uuid(),
  unit: z.enum(priceUnits),
  createdAt: z.string(),
});
export type GradePriceRow = z.infer<typeof gradePriceSchema>;

/** GET /inventory/prices: the unit new prices are set in, and every row, newest first. */
export const pricesResponseSchema = z.object({
  unit: z.enum(priceUnits),
  prices: z.array(gradePriceSchema),
});
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/** Query of GET /inventory/value: the day to value the hay on (today when absent). */
export const inventoryValueQuerySchema = z.object({ asOf: isoDate.optional() });
export type InventoryValueQuery = z.infer<typeof inventoryValueQuerySchema>;

/** Totals of a set of bales on hand; value in the organization's money, null when none priced. */
export const valueTotalsSchema = z.object({
  baleCount: z.number().int().min(0),
  weightKg: z.number().min(0),
  value: z.number().nullable(),
  /** Bales without a grade, or whose grade has no price on the day. */
  unpricedCount: z.number().int().min(0),
});
export type ValueTotals = z.infer<typeof valueTotalsSchema>;

const named = z.object({ id: z.string(), name: z.string() });

/** GET /inventory/value: the hay on hand (not loaded out) valued on a day. */
export const inventoryValueResponseSchema = z.object({
  asOf: z.string(),
  total: valueTotalsSchema,
  byGrade: z.array(valueTotalsSchema.extend({ grade: hayGradeSchema.nullable() })),
  byStack: z.array(
    valueTotalsSchema.extend({
      id: z.string(),
      lat: z.number(),
      lon: z.number(),
      grade: hayGradeSchema.nullable(),
      basis: z.enum(gradeBases).nullable(),
      /** The storage area (geofence) holding the stack, by name; null when none does. */
      storage: z.string().nullable(),
    }),
  ),
  byField: z.array(valueTotalsSchema.extend(named.shape)),
  byCutting: z.array(valueTotalsSchema.extend(named.shape).extend({ year: z.number().int() })),
  byCropYear: z.array(valueTotalsSchema.extend({ year: z.number().int() })),
});
export type InventoryValueResponse = z.infer<typeof inventoryValueResponseSchema>;

/** Query of GET /inventory/stack: one of the map's stacks. */
export const stackValueQuerySchema = z.object({
  stackId: z.uuid({ error: 'stackId must be a stack id.' }),
});
export type StackValueQuery = z.infer<typeof stackValueQuerySchema>;

/**
 * GET /inventory/stack: a stack's grade (from its bales' average nutrition, the crop of their
 * cuttings deciding the table) and the value of its bales on hand today.
 */
export const stackValueResponseSchema = valueTotalsSchema.extend({
  stackId: z.uuid(),
  grade: hayGradeSchema.nullable(),
  basis: z.enum(gradeBases).nullable(),
  /** The RFV, RFQ or CP % the grade was read from. */
  gradedValue: z.number().nullable(),
});
export type StackValueResponse = z.infer<typeof stackValueResponseSchema>;
