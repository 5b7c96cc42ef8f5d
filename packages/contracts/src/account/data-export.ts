import { z } from 'zod';

/**
 * An organization's data export (docs/product.md#account): a ZIP built in the background,
 * 'pending' → 'building' (with its progress) → 'ready' (mailed) or 'failed'.
 */
export const dataExportStatuses = ['pending', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/**
 * The organization's latest export, as the account screen shows it. POST /reports/email-user-data
 * answers 202 with the export it queued (or the one already under way).
 */
export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(dataExportStatuses),
  /** 0–100 while building; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  /** Where the link is (or will be) mailed. */
  email: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Until when the mailed link works; null until the export is ready. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /reports/email-user-data: the latest export, or null when none was asked for. */
export const latestDataExportResponseSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExportResponse = z.infer<typeof latestDataExportResponseSchema>;

/** The public download's path parameter: the mailed link's token (never stored as such). */
export const dataExportTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** The file's media type. */
export const DATA_EXPORT_MEDIA_TYPE = 'application/zip';
