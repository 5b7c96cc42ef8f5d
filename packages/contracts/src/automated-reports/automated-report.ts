import { z } from 'zod';
import { MAX_REPORT_RECIPIENTS, REPORT_FREQUENCIES } from '../constants.ts';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';
import { unitSystemSchema } from '../settings/settings.ts';

/** True for an IANA zone name the runtime knows, e.g. 'America/Chicago'. */
export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

export const timezoneSchema = z
  .string({ error: messages.autoReport.timezoneInvalid })
  .refine(isValidTimezone, { error: messages.autoReport.timezoneInvalid });

export const recipientsSchema = z
  .array(emailSchema, { error: messages.autoReport.recipientRequired })
  .min(1, messages.autoReport.recipientRequired)
  .max(MAX_REPORT_RECIPIENTS, messages.autoReport.maxRecipients)
  .refine((emails) => new Set(emails).size === emails.length, {
    error: messages.autoReport.duplicateRecipient,
  });

const automatedReportBody = {
  filterId: z.uuid({ error: messages.autoReport.filterRequired }),
  /** 'none' keeps the settings but sends nothing. */
  frequency: z.enum(REPORT_FREQUENCIES, { error: messages.autoReport.frequencyRequired }),
  /** Reports go out at 06:00 in this zone. */
  timezone: timezoneSchema,
  units: unitSystemSchema,
  includeCuttingless: z.boolean(),
  /**
   * Also attach the yield per field CSV of the crop year the period ends in; off when left out
   * (a PUT without it turns it off, as it replaces every setting).
   */
  includeYield: z.boolean({ error: 'includeYield must be true or false.' }).default(false),
  recipients: recipientsSchema,
};

/** POST /autoreport/settings (create). */
export const createAutomatedReportRequestSchema = z.object(automatedReportBody);
export type CreateAutomatedReportRequest = z.infer<typeof createAutomatedReportRequestSchema>;

/** PUT /autoreport/settings (update; the id travels in the body). */
export const updateAutomatedReportRequestSchema = z.object({
  id: z.uuid(),
  ...automatedReportBody,
});
export type UpdateAutomatedReportRequest = z.infer<typeof updateAutomatedReportRequestSchema>;

/** The newest period of a report the server has taken up, and how sending it went. */
export const reportRunSchema = z.object({
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
  /** 'pending' also while a failed attempt waits for its retry (see `lastError`). */
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int().min(0),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** Bales in the mailed file. */
  baleCount: z.number().int().min(0).nullable(),
  lastError: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;

/** One element of GET /autoreport/settings: the settings and how sending goes. */
export const automatedReportSchema = updateAutomatedReportRequestSchema.extend({
  filterName: z.string(),
  /** The next sending time (06:00 in the report's timezone); null when the frequency is none. */
  nextSendAt: z.iso.datetime({ offset: true }).nullable(),
  lastRun: reportRunSchema.nullable(),
});
export type AutomatedReport = z.infer<typeof automatedReportSchema>;

export const automatedReportsResponseSchema = z.array(automatedReportSchema);
