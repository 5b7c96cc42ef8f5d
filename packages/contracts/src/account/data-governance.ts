import { z } from 'zod';

/** The kinds of data the governance report counts, in the order the screen lists them. */
export const dataKinds = [
  'people',
  'balers',
  'bales',
  'fields',
  'geofences',
  'cuttings',
  'crops',
  'filters',
  'automatedReports',
  'creditEntries',
  'subscriptionMonths',
  'authorizedEmails',
  'mail',
  'feedback',
  'conversations',
  'dataExports',
  'hayPrices',
  'loads',
  'stackAudits',
  'heatRiskMail',
] as const;
export type DataKind = (typeof dataKinds)[number];

/** One kind of data: how much, what is kept and why, for how long, who can see it. */
export const dataKindReportSchema = z.object({
  kind: z.enum(dataKinds),
  label: z.string(),
  count: z.number().int().min(0),
  /** In a grower's words: what is kept and why (the tables: docs/product.md#account). */
  whatIsKept: z.string(),
  /** In words: how long it is kept. */
  retention: z.string(),
  /** In words: who can see it. */
  visibleTo: z.string(),
});
export type DataKindReport = z.infer<typeof dataKindReportSchema>;

/** GET /reports/data-governance (owner): what is stored about the organization. */
export const dataGovernanceSchema = z.object({
  organizationName: z.string(),
  generatedAt: z.iso.datetime({ offset: true }),
  /** Where all of it is, in plain words ("one database on this server's own disk"). */
  database: z.string(),
  kinds: z.array(dataKindReportSchema),
  /** What happens to all of it when the account is closed, and other general rules. */
  notes: z.array(z.string()),
});
export type DataGovernance = z.infer<typeof dataGovernanceSchema>;
