import { z } from 'zod';
import { boundsSchema } from '../bales/bale-query.ts';
import { nameSchema } from '../common/name.ts';
import { filterDefinitionSchema } from '../filters/filter.ts';
import { gradeBases, hayGradeSchema } from '../inventory/hay-grade.ts';

/**
 * A load's life (docs/product.md#beyond-the-spec-loads): `open` while it is built, `ready` once
 * its bales are settled (the ticket printed; reopen to change it), `shipped` for good: its bales
 * are loaded out.
 */
export const loadStatuses = ['open', 'ready', 'shipped'] as const;
export type LoadStatus = (typeof loadStatuses)[number];

/** Bales one request may add or remove: a few trucks' worth of small squares. */
export const LOAD_PICK_MAX = 5_000;
/** Bales one load may hold. */
export const LOAD_BALES_MAX = 10_000;
/** How long a buyer's link may last, in days. */
export const LOAD_LINK_MAX_DAYS = 90;

/** The loads' own words. */
export const loadMessages = {
  notFound: 'Load not found.',
  notOpen: 'This load is ready to ship; reopen it to change its bales or details.',
  shipped: 'This load has shipped and can no longer change.',
  empty: 'Add bales to this load before shipping it.',
  tooManyBales: `A load holds at most ${LOAD_BALES_MAX.toLocaleString('en-US')} bales.`,
  pickOne:
    'Pick the bales to add: by tag, by bale, by an area of the map, by a saved filter, or by field and cutting.',
  areaInvalid:
    'Draw the area again: its south edge must be below its north edge, its west edge left of its east edge.',
  pickTooMany: `Add or remove at most ${LOAD_PICK_MAX.toLocaleString('en-US')} bales at a time.`,
  textTooLong: (what: string, max: number) => `${what} must be at most ${max} characters.`,
  dayInvalid: 'Enter the day the load leaves.',
  dayOutOfRange: 'Enter a day from 1970 to 2099.',
  linkDaysInvalid: `A link lasts from 1 to ${LOAD_LINK_MAX_DAYS} days.`,
  linkNotFound: 'Link not found.',
  /** The buyer's page for any token it cannot show: unknown, expired or withdrawn alike. */
  linkGone:
    'This link does not open a load. It may have expired or been withdrawn: ask the seller for a new one.',
} as const;

const day = z.iso
  .date({ error: loadMessages.dayInvalid })
  .refine((d) => d >= '1970-01-01' && d <= '2099-12-31', loadMessages.dayOutOfRange);

/** Optional free text: trimmed; empty or left out becomes null. */
const optionalText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, loadMessages.textTooLong(what, max))
    .nullish()
    .transform((text) => (text ? text : null));
const orNull = <T>(value: T | null | undefined) => value ?? null;

/** POST /loads and PATCH /loads/{id}: what a load is and for whom; all but the name optional. */
export const loadDetailsSchema = z.strictObject({
  name: nameSchema,
  buyer: optionalText('Buyer', 100),
  destination: optionalText('Destination', 200),
  /** The day it leaves, 'YYYY-MM-DD'; hay prices of that day value it. */
  shipDate: day.nullish().transform(orNull),
  /** Truck or trailer. */
  vehicle: optionalText('Truck or trailer', 100),
  notes: optionalText('Notes', 1_000),
  /** The grade the buyer asked for at least: bales below it (or ungraded) are flagged. */
  minGrade: hayGradeSchema.nullish().transform(orNull),
});
export type LoadDetails = z.infer<typeof loadDetailsSchema>;

const uid = z.string().trim().min(1).max(200);
const picked = (item: z.ZodString) =>
  z.array(item).min(1, loadMessages.pickOne).max(LOAD_PICK_MAX, loadMessages.pickTooMany);

/**
 * POST /loads/{id}/bales: one way of picking bales. Only the organization's visible bales that are
 * not loaded out and in no other load are added; the answer says what was left out and why.
 */
export const addLoadBalesSchema = z
  .strictObject({
    tags: picked(uid).optional(),
    uids: picked(uid).optional(),
    filterId: z.uuid().optional(),
    /** A condition as a saved filter holds it: a field and cutting, a grade… */
    filter: filterDefinitionSchema.optional(),
    /** An area drawn on the map: every bale lying in it now. */
    box: boundsSchema
      .refine((b) => b.south <= b.north && b.west <= b.east, loadMessages.areaInvalid)
      .optional(),
  })
  .refine(
    (pick) => Object.values(pick).filter((way) => way !== undefined).length === 1,
    loadMessages.pickOne,
  );
export type AddLoadBales = z.infer<typeof addLoadBalesSchema>;

export const addLoadBalesResponseSchema = z.object({
  added: z.number().int(),
  /** Already in this load. */
  alreadyHere: z.number().int(),
  /** Loaded out before (the baler's flag, or a shipped load). */
  loadedOut: z.number().int(),
  /** In another load that has not shipped, by load. */
  inOtherLoads: z.array(z.object({ id: z.uuid(), name: z.string(), count: z.number().int() })),
  /** Tags or uids matching no visible bale of the organization. */
  notFound: z.array(z.string()),
});
export type AddLoadBalesResponse = z.infer<typeof addLoadBalesResponseSchema>;

/** DELETE /loads/{id}/bales: bales taken off the load by uid. */
export const removeLoadBalesSchema = z.strictObject({ uids: picked(uid) });
export type RemoveLoadBales = z.infer<typeof removeLoadBalesSchema>;

/** POST /loads/{id}/status: ready, reopened, or shipped (for good). */
export const loadStatusRequestSchema = z.strictObject({ status: z.enum(loadStatuses) });

/** One row of GET /loads. */
export const loadRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  buyer: z.string().nullable(),
  destination: z.string().nullable(),
  shipDate: z.string().nullable(),
  vehicle: z.string().nullable(),
  status: z.enum(loadStatuses),
  baleCount: z.number().int(),
  weightKg: z.number(),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
});
export type LoadRow = z.infer<typeof loadRowSchema>;

export const loadsResponseSchema = z.object({ loads: z.array(loadRowSchema) });
export type LoadsResponse = z.infer<typeof loadsResponseSchema>;

/** One bale of a load, as the load page, the ticket and the buyer's page read it. */
export const loadBaleSchema = z.object({
  uid: z.string(),
  tagSerialNumber: z.string().nullable(),
  creationTime: z.string(),
  fieldNames: z.array(z.string()),
  weightKg: z.number(),
  dryMassKg: z.number(),
  avgMoisture: z.number(),
  rfv: z.number().nullable(),
  adf: z.number().nullable(),
  ndf: z.number().nullable(),
  protein: z.number().nullable(),
  grade: hayGradeSchema.nullable(),
  basis: z.enum(gradeBases).nullable(),
  /** In the organization's money at the load's day prices; null when unpriced. */
  value: z.number().nullable(),
  /** The top of the safe moisture band for its shape and way of baling. */
  safeMaxMoisture: z.number(),
  /** Above that band. */
  wet: z.boolean(),
  /** Below the load's `minGrade` (ungraded or graded on the other table counts as below). */
  belowGrade: z.boolean(),
});
export type LoadBale = z.infer<typeof loadBaleSchema>;

export const loadTotalsSchema = z.object({
  baleCount: z.number().int(),
  weightKg: z.number(),
  dryMassKg: z.number(),
  /** Weighted by weight; null without bales. */
  avgMoisture: z.number().nullable(),
  /** Over the bales reporting it. */
  avgRfv: z.number().nullable(),
  avgProtein: z.number().nullable(),
  value: z.number().nullable(),
  unpricedCount: z.number().int(),
  wetCount: z.number().int(),
  belowGradeCount: z.number().int(),
  /** Bales per grade, best first, ungraded (null) last. */
  grades: z.array(
    z.object({
      grade: hayGradeSchema.nullable(),
      baleCount: z.number().int(),
      weightKg: z.number(),
    }),
  ),
});
export type LoadTotals = z.infer<typeof loadTotalsSchema>;

/** A buyer's link as the owner sees it (the address too: it is printed on the ticket). */
export const loadLinkSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Whether the buyer's page names the farm (the organization). */
  showFarmName: z.boolean(),
  openCount: z.number().int(),
  lastOpenedAt: z.string().nullable(),
});
export type LoadLink = z.infer<typeof loadLinkSchema>;

/** GET /loads/{id}: the load, its bales and totals, its links. */
export const loadResponseSchema = loadRowSchema.extend({
  notes: z.string().nullable(),
  minGrade: hayGradeSchema.nullable(),
  /** The day whose hay prices value it: its ship date, else today. */
  pricedOn: z.string(),
  totals: loadTotalsSchema,
  bales: z.array(loadBaleSchema),
  links: z.array(loadLinkSchema),
});
export type LoadResponse = z.infer<typeof loadResponseSchema>;

/** POST /loads/{id}/links: a new buyer's link. */
export const createLoadLinkSchema = z.strictObject({
  days: z
    .number({ error: loadMessages.linkDaysInvalid })
    .int(loadMessages.linkDaysInvalid)
    .min(1, loadMessages.linkDaysInvalid)
    .max(LOAD_LINK_MAX_DAYS, loadMessages.linkDaysInvalid),
  showFarmName: z.boolean(),
});
export type CreateLoadLink = z.infer<typeof createLoadLinkSchema>;

export const loadLinkParamsSchema = z.object({ id: z.uuid(), linkId: z.uuid() });
