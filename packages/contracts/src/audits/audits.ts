import { z } from 'zod';

// Stack audits by scanning (docs/product.md#beyond-the-spec-stack-audits): a worker picks one of
// the map's stacks, scans the tags in it, and the audit records what was found, missing and
// unexpected. The phone keeps the stack's expected tags and its finished audits until they are
// sent, so an audit works without signal.

/** Tags one audit may hold: a large yard stack is a few hundred bales. */
export const AUDIT_SCANS_MAX = 5_000;

export const auditMessages = {
  stackNotFound: 'That stack is not on the map any more. Pick it again from the list.',
  tooManyScans: `An audit holds at most ${AUDIT_SCANS_MAX.toLocaleString('en-US')} scanned tags.`,
  finishedBeforeStart: 'An audit cannot finish before it started.',
} as const;

const latLon = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
const tag = z.string().trim().min(1).max(200);

/** Query of GET /audits/stacks: the phone's position, if known, to put the nearest stacks first. */
export const auditStacksQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
});

/** The last audit of a stack, as the list and the stack show it. */
export const auditSummarySchema = z.object({
  id: z.uuid(),
  finishedAt: z.string(),
  by: z.string(),
  expectedCount: z.number().int(),
  foundCount: z.number().int(),
  missingCount: z.number().int(),
  unexpectedCount: z.number().int(),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

/** One stack to audit. */
export const auditStackSchema = z.object({
  id: z.uuid(),
  lat: z.number(),
  lon: z.number(),
  /** The storage area (geofence) holding it, by name; null when none does. */
  storage: z.string().nullable(),
  /** Its bales on hand (not loaded out). */
  baleCount: z.number().int(),
  /** From the position asked with, in metres; null without one. */
  distanceM: z.number().nullable(),
  lastAudit: auditSummarySchema.nullable(),
});
export type AuditStack = z.infer<typeof auditStackSchema>;

/** GET /audits/stacks: the stacks, nearest first with a position, else by storage area. */
export const auditStacksResponseSchema = z.object({ stacks: z.array(auditStackSchema) });
export type AuditStacksResponse = z.infer<typeof auditStacksResponseSchema>;

export const auditStackQuerySchema = z.object({ stackId: z.uuid() });

/** GET /audits/stack: one stack and the tags expected in it, which the phone keeps. */
export const auditStackDetailSchema = z.object({
  stack: auditStackSchema,
  expected: z.array(z.object({ uid: z.string(), tag: z.string().nullable() })),
});
export type AuditStackDetail = z.infer<typeof auditStackDetailSchema>;

/**
 * POST /audits: a finished audit as the phone kept it. `id` is the phone's own, so sending it
 * again (a lost answer, a second try) records nothing new.
 */
export const recordAuditSchema = z
  .strictObject({
    id: z.uuid(),
    stackId: z.uuid(),
    stack: latLon,
    storage: z.string().max(200).nullable(),
    /** The tags the phone expected (from GET /audits/stack). */
    expectedTags: z.array(tag).max(AUDIT_SCANS_MAX, auditMessages.tooManyScans),
    /** Tags scanned, in the order they were scanned (a tag scanned twice counts once). */
    scans: z
      .array(z.strictObject({ tag, scannedAt: z.iso.datetime({ offset: true }) }))
      .max(AUDIT_SCANS_MAX, auditMessages.tooManyScans),
    startedAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }),
  })
  .refine((a) => Date.parse(a.finishedAt) >= Date.parse(a.startedAt), {
    error: auditMessages.finishedBeforeStart,
    path: ['finishedAt'],
  });
export type RecordAudit = z.infer<typeof recordAuditSchema>;

/** Why a scanned tag was not expected in the stack. */
export const unexpectedReasons = ['otherStack', 'loose', 'loadedOut', 'unknown'] as const;
export type UnexpectedReason = (typeof unexpectedReasons)[number];

/** An audit as recorded: what was found, missing and unexpected (and why), by whom and when. */
export const auditResultSchema = z.object({
  id: z.uuid(),
  stackId: z.uuid(),
  storage: z.string().nullable(),
  by: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  found: z.array(z.string()),
  missing: z.array(z.string()),
  unexpected: z.array(
    z.object({
      tag: z.string(),
      reason: z.enum(unexpectedReasons),
      /** For `otherStack`: that stack's storage area, when one holds it. */
      otherStorage: z.string().nullable(),
    }),
  ),
  /** Bales of other places found here, moved onto this stack (by manual scan). */
  moved: z.number().int(),
});
export type AuditResult = z.infer<typeof auditResultSchema>;

/** GET /audits?stackId=: a stack's audits, newest first. */
export const auditsResponseSchema = z.object({ audits: z.array(auditResultSchema) });
export type AuditsResponse = z.infer<typeof auditsResponseSchema>;
