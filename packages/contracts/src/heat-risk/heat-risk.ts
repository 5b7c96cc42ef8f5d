import { z } from 'zod';
import { baleShapes, baleSizes } from '../bales/bale.ts';

/** docs/product.md#beyond-the-spec-heat-risk: how likely a bale or stack is to heat. */
export const heatRiskLevels = ['high', 'elevated', 'none'] as const;
export type HeatRiskLevel = (typeof heatRiskLevels)[number];

/** Why a bale is at risk: what the rule weighed, in the bale's own terms. */
export const heatRiskWhySchema = z.object({
  /** Percent; the moisture compared with the safe limit. */
  avgMoisture: z.number(),
  peakMoisture: z.number(),
  /** The top of the safe baling band for the bale's shape and treatment, percent. */
  safeMaxMoisture: z.number(),
  /** Points of moisture above that limit (0 or more). */
  excessMoisture: z.number(),
  baleSize: z.enum(baleSizes),
  shape: z.enum(baleShapes),
  /** Preservative applied to the bale; 0 when none. */
  preservativeKg: z.number(),
  /** Whole days since the bale was made. */
  daysSinceBaling: z.number().int(),
});
export type HeatRiskWhy = z.infer<typeof heatRiskWhySchema>;

const atRiskLevel = z.enum(['high', 'elevated']);

/** A bale at risk (inside a stack, or lying on its own). */
export const heatRiskBaleSchema = z.object({
  uid: z.string(),
  /** What a person reads off the bale; null for an untagged one. */
  tagSerialNumber: z.string().nullable(),
  creationTime: z.iso.datetime({ offset: true }),
  lat: z.number(),
  lon: z.number(),
  level: atRiskLevel,
  /** Higher is more urgent; entries are sorted by it. */
  score: z.number(),
  why: heatRiskWhySchema,
});
export type HeatRiskBale = z.infer<typeof heatRiskBaleSchema>;

/**
 * A bale of the watch list as people know it, in the list and the mail: by its tag serial, an
 * untagged one by when it was made (never by its uid).
 * @example heatRiskBaleTitle({ tagSerialNumber: 'A0042', … }) // 'Bale A0042'
 */
export function heatRiskBaleTitle(bale: Pick<HeatRiskBale, 'tagSerialNumber' | 'creationTime'>) {
  return bale.tagSerialNumber
    ? `Bale ${bale.tagSerialNumber}`
    : `Untagged bale made ${bale.creationTime.slice(0, 16).replace('T', ' ')} UTC`;
}

/** One line of the watch list: a stack with its bales at risk, or a bale on its own. */
export const heatRiskEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stack'),
    /** The map's stack id. */
    id: z.string(),
    lat: z.number(),
    lon: z.number(),
    /** Every bale in the stack. */
    baleCount: z.number().int(),
    level: atRiskLevel,
    score: z.number(),
    /** Its bales at risk, worst first; the stack is as bad as the first. */
    bales: z.array(heatRiskBaleSchema).min(1),
  }),
  z.object({ kind: z.literal('bale'), id: z.string(), bale: heatRiskBaleSchema }),
]);
export type HeatRiskEntry = z.infer<typeof heatRiskEntrySchema>;

/** GET /data-api/heat-risk: the watch list as of `at`, most urgent first. */
export const heatRiskResponseSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  entries: z.array(heatRiskEntrySchema),
});
export type HeatRiskResponse = z.infer<typeof heatRiskResponseSchema>;

/** The most people, besides the owner, who may get the daily heat-risk mail. */
export const MAX_HEAT_RISK_RECIPIENTS = 50;

/** The heat-risk mail's own words (docs/product.md#beyond-the-spec-heat-risk). */
export const heatRiskMessages = {
  tooManyRecipients: `Choose at most ${MAX_HEAT_RISK_RECIPIENTS} people for the heat-risk mail.`,
  recipientNotFound: 'A chosen person is not in this organization.',
  ownerOnlyRecipients: 'Only the account owner chooses who gets the heat-risk mail.',
} as const;

/**
 * GET and PUT /heat-risk/recipients: the people of the organization, besides the owner (who always
 * gets it), chosen to get the daily heat-risk mail; PUT replaces the choice.
 */
export const heatRiskRecipientsSchema = z.object({
  userIds: z
    .array(z.uuid({ error: heatRiskMessages.recipientNotFound }))
    .max(MAX_HEAT_RISK_RECIPIENTS, heatRiskMessages.tooManyRecipients),
});
export type HeatRiskRecipients = z.infer<typeof heatRiskRecipientsSchema>;
